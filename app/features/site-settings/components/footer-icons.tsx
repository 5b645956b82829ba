/** Small stroke icons of the footer and notices editors (decorative: buttons carry labels). */
function Icon({ d }: { d: string }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

export const UpIcon = () => <Icon d="M6 15l6-6 6 6" />;
export const DownIcon = () => <Icon d="M6 9l6 6 6-6" />;
export const PlusIcon = () => <Icon d="M12 5v14M5 12h14" />;
export const RemoveIcon = () => (
  <Icon d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
);
export const WarningIcon = () => (
  <Icon d="M12 9v4M12 17h.01M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
);
