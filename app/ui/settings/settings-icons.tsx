/**
 * A small stroke icon of the settings editors, drawn in the text colour. Decorative: the
 * buttons that show one carry their own labels.
 */
export function StrokeIcon({
  d,
  strokeWidth = 2,
  className,
}: {
  d: string;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}

export const UpIcon = () => <StrokeIcon d="M6 15l6-6 6 6" />;
export const DownIcon = () => <StrokeIcon d="M6 9l6 6 6-6" />;
export const PlusIcon = () => <StrokeIcon d="M12 5v14M5 12h14" />;
export const RemoveIcon = () => (
  <StrokeIcon d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
);
export const WarningIcon = () => (
  <StrokeIcon d="M12 9v4M12 17h.01M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
);
