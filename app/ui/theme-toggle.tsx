import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon } from "@tabler/icons-react";

/** Light ↔ dark for a public header (the site's and the platform's); Mantine remembers it. */
export function ThemeToggle({ label }: { label: string }) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: true });
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      onClick={() => setColorScheme(scheme === "dark" ? "light" : "dark")}
    >
      <IconMoon size={18} aria-hidden focusable={false} />
    </ActionIcon>
  );
}
