import {
  Alert,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconBrandZoom,
  IconCertificate,
  IconCode,
  IconDatabase,
  IconMessage,
  IconRobot,
  IconTag,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AccountAddon } from "~/features/accounts/accounts";
import { SettingsPage } from "~/features/dashboard/dashboard";
import { errorKeyOf } from "~/platform/errors";
import type { AddonCard } from "../validation";
import classes from "./site-app.module.css";
import { useSiteCommand } from "./use-site-command";

const icons: Record<AccountAddon, typeof IconCertificate> = {
  certificates: IconCertificate,
  zoom: IconBrandZoom,
  ai_assistant: IconRobot,
  white_label: IconTag,
  extra_storage: IconDatabase,
  sms: IconMessage,
  custom_code: IconCode,
};

function AddonTile({
  card,
  busy,
  onSwitch,
}: {
  card: AddonCard;
  busy: boolean;
  onSwitch: (enabled: boolean) => void;
}) {
  const { t } = useTranslation();
  const Icon = icons[card.name];
  const switchable = card.state === "on" || card.state === "off";
  const titleId = `addon-${card.name}-title`;
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="lg"
      className={classes.addon}
      data-state={card.state}
      data-testid={`addon-${card.name}`}
      aria-labelledby={titleId}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <ThemeIcon
          size={40}
          radius="md"
          variant="light"
          color={switchable ? undefined : "gray"}
          aria-hidden
        >
          <Icon size={24} />
        </ThemeIcon>
        <Badge
          variant="light"
          color={switchable ? "teal" : card.state === "soon" ? "blue" : "gray"}
        >
          {t(
            switchable
              ? "siteAddons.free"
              : card.state === "soon"
                ? "siteAddons.soon"
                : "siteAddons.notInPlan",
          )}
        </Badge>
      </Group>
      <Title order={2} size="h4" id={titleId}>
        {t(`siteAddons.names.${card.name}`)}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {t(`siteAddons.descriptions.${card.name}`)}
      </Text>
      <Switch
        mt="auto"
        checked={card.state === "on"}
        disabled={!switchable || busy}
        label={t(card.state === "on" ? "siteAddons.on" : "siteAddons.off")}
        aria-label={t("siteAddons.switchLabel", { name: t(`siteAddons.names.${card.name}`) })}
        data-testid={`addon-${card.name}-switch`}
        onChange={(event) => onSwitch(event.currentTarget.checked)}
      />
    </Card>
  );
}

/**
 * /dashboard/addons: every add-on of spec §9 as a card. Those the plan gives free switch on
 * and off at once; the others say they are coming soon (or are not in this plan).
 */
export function AddonsScreen({ cards }: { cards: AddonCard[] }) {
  const { t } = useTranslation();
  const command = useSiteCommand();
  // The switch moves at once; the saved state comes back with the screen's data.
  const [pending, setPending] = useState<{ name: AccountAddon; enabled: boolean } | null>(null);
  const busy = command.status === "saving";
  const shown = cards.map((card) =>
    busy && pending?.name === card.name
      ? { ...card, state: pending.enabled ? ("on" as const) : ("off" as const) }
      : card,
  );
  return (
    <SettingsPage title={t("siteAddons.title")} intro={t("siteAddons.intro")} size="lg" gap="lg">
      {command.code ? (
        <Alert color="red" role="alert" title={t("siteAddons.failedTitle")}>
          {t(errorKeyOf(command.code))}
        </Alert>
      ) : null}
      <Stack gap={0} role="status" aria-live="polite">
        {command.status === "saved" && pending ? (
          <Text size="sm" data-testid="addon-saved">
            {t(pending.enabled ? "siteAddons.switchedOn" : "siteAddons.switchedOff", {
              name: t(`siteAddons.names.${pending.name}`),
            })}
          </Text>
        ) : null}
      </Stack>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2, md: 3 }}
        spacing="md"
        className={classes.addons}
      >
        {shown.map((card) => (
          <AddonTile
            key={card.name}
            card={card}
            busy={busy}
            onSwitch={(enabled) => {
              setPending({ name: card.name, enabled });
              command.send({ addon: card.name, enabled });
            }}
          />
        ))}
      </SimpleGrid>
    </SettingsPage>
  );
}
