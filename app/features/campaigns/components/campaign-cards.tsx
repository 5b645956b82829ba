import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CampaignRow } from "../campaign-records.server";
import classes from "./campaign-list.module.css";
import { campaignHref, statusColour, useCampaignWords } from "./campaign-words";

/**
 * The campaigns list where a table has no room (a phone): one card per campaign, its name and
 * status first, whole, then the figures the table's columns hold, each under its column's name.
 */
export function CampaignCards({
  campaigns,
  dateLabel,
  formatNumber,
  removing,
  onOpen,
  onDelete,
}: {
  campaigns: CampaignRow[];
  /** When it went or goes out, in the site's zone (null for a draft). */
  dateLabel: (row: CampaignRow) => string | null;
  formatNumber: (value: number) => string;
  /** The campaign being deleted, if any. */
  removing: string | undefined;
  onOpen: (event: MouseEvent, id: string) => void;
  onDelete: (row: CampaignRow) => void;
}) {
  const { t } = useTranslation();
  const words = useCampaignWords();
  return (
    <ul className={classes.cards} data-testid="campaign-cards">
      {campaigns.map((row) => {
        const figures = [
          ["audience", row.audience],
          ["sent", row.sent],
          ["opened", row.opened],
          ["clicked", row.clicked],
        ] as const;
        const date = dateLabel(row);
        return (
          <Paper
            key={row.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            className={classes.card}
            onClick={(event) => onOpen(event, row.id)}
            data-testid="campaign-card"
          >
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={2} miw={0}>
                  <Anchor
                    component={Link}
                    to={campaignHref(row.id)}
                    fw={500}
                    style={{ overflowWrap: "anywhere" }}
                  >
                    {row.name}
                  </Anchor>
                  {row.subject ? (
                    <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
                      {row.subject}
                    </Text>
                  ) : null}
                </Stack>
                {row.status === "sending" ? null : (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("campaigns.screen.list.delete", { name: row.name })}
                    loading={removing === row.id}
                    onClick={() => onDelete(row)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
              <Group gap="xs" wrap="wrap">
                <Badge
                  variant="light"
                  color={statusColour[row.status]}
                  data-testid="campaign-card-status"
                >
                  {words.statuses[row.status]}
                </Badge>
                {date ? (
                  <Text size="xs" c="dimmed">
                    {date}
                  </Text>
                ) : null}
              </Group>
              <dl className={classes.figures}>
                {figures.map(([key, value]) => (
                  <div key={key}>
                    <Text component="dt" size="xs" c="dimmed">
                      {t(`campaigns.screen.list.${key}`)}
                    </Text>
                    <Text component="dd" size="sm" fw={500}>
                      {formatNumber(value)}
                    </Text>
                  </div>
                ))}
              </dl>
            </Stack>
          </Paper>
        );
      })}
    </ul>
  );
}
