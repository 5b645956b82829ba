import { ActionIcon, useMantineColorScheme } from "@mantine/core";
import { IconMoon } from "@tabler/icons-react";

/** The scheme the page shows now, as Mantine wrote it on <html> (the system's when on auto). */
function shownScheme(): "light" | "dark" {
  return document.documentElement.getAttribute("data-mantine-color-scheme") === "dark"
    ? "dark"
    : "light";
}

/**
 * Light ↔ dark for a public header (the site's and the platform's); Mantine remembers it. The
 * scheme is read at the click: on a public page the toggle is an island whose first click may
 * arrive before its own effects have learnt the system's scheme (decision 048).
 */
export function ThemeToggle({ label }: { label: string }) {
  const { setColorScheme } = useMantineColorScheme();
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      onClick={() => setColorScheme(shownScheme() === "dark" ? "light" : "dark")}
    >
      <IconMoon size={18} aria-hidden focusable={false} />
    </ActionIcon>
  );
}
