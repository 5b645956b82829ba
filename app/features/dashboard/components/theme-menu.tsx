import {
  ActionIcon,
  Button,
  Popover,
  Stack,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { IconContrastFilled } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  currentThemeChoice,
  storeThemeChoice,
  themeChoices,
  type ThemeChoice,
} from "~/ui/color-scheme";

/** The choices, rendered once the popover opens: the stored choice exists in the browser only. */
function ThemeChoices({ onChoose }: { onChoose: (choice: ThemeChoice) => void }) {
  const { t } = useTranslation();
  const choice = currentThemeChoice(useComputedColorScheme("light"));
  return (
    <Stack gap={4} role="group" aria-label={t("dashboard.theme.label")}>
      {themeChoices.map((value) => (
        <Button
          key={value}
          variant={choice === value ? "light" : "subtle"}
          justify="flex-start"
          aria-pressed={choice === value}
          onClick={() => onChoose(value)}
        >
          {t(`dashboard.theme.${value}`)}
        </Button>
      ))}
    </Stack>
  );
}

/** D3: Light, Dark and Night, remembered under the local key `theme`. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  return (
    <Popover position="bottom-end" withArrow shadow="md" width={180}>
      <Popover.Target>
        <ActionIcon variant="default" size="lg" aria-label={t("dashboard.theme.label")}>
          <IconContrastFilled size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
          {t("dashboard.theme.label")}
        </Text>
        <ThemeChoices onChoose={(choice) => setColorScheme(storeThemeChoice(choice))} />
      </Popover.Dropdown>
    </Popover>
  );
}
