import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { IconMailCog, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState, type MouseEvent } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { errorKeyOf } from "~/platform/errors";
import { dateFormat, numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CampaignRow } from "../campaign-records.server";
import type { SenderSettingsView } from "../sender-shapes";
import {
  CampaignPage,
  useSendingRefresh,
  type OpenedCampaign,
  type SegmentChoice,
} from "./campaign-page";
import { CampaignCards } from "./campaign-cards";
import classes from "./campaign-list.module.css";
import { campaignHref, statusColour, useCampaignWords } from "./campaign-words";
import { siteZone } from "./schedule-time";
import { SenderSettingsPanel, senderSettingsHref } from "./sender-settings-panel";

export type { OpenedCampaign, SegmentChoice };

/**
 * M5 the campaigns tab of `/dashboard/manage/marketing/emails`: the site's campaigns with what
 * each did; one opened in its editor (message, blocks, live preview, test, schedule, send).
 */
export function CampaignsPanel({
  campaigns,
  opened,
  segments,
  timeZone,
  sender = null,
  senderOpen = false,
}: {
  campaigns: CampaignRow[];
  opened: OpenedCampaign | null;
  /** The site's segments, for the audience picker. */
  segments: SegmentChoice[];
  /** The site's time zone (IANA): dates are shown and a schedule entered in it. */
  timeZone: string;
  /** The site's sending settings (decision 057), opened in place of the list when `senderOpen`. */
  sender?: SenderSettingsView | null;
  senderOpen?: boolean;
}) {
  const zone = siteZone(timeZone);
  if (sender && senderOpen) return <SenderSettingsPanel view={sender} />;
  if (!opened) return <CampaignList campaigns={campaigns} zone={zone} sender={sender} />;
  return <CampaignPage key={opened.id ?? "new"} opened={opened} segments={segments} zone={zone} />;
}

type DeleteAnswer = { ok: boolean; code?: string };

/** Every campaign of the site, newest change first, with its figures. */
function CampaignList({
  campaigns,
  zone,
  sender,
}: {
  campaigns: CampaignRow[];
  zone: string;
  sender: SenderSettingsView | null;
}) {
  const { t, i18n } = useTranslation();
  const words = useCampaignWords();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<CampaignRow | null>(null);
  const remover = useFetcher<DeleteAnswer>();
  // In the site's zone: the owner reads the time the campaign goes out where the site is.
  const when = dateFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: zone,
  });
  const number = numberFormat(i18n.language);
  useSendingRefresh(campaigns.some((row) => row.status === "sending"));
  const removing =
    remover.state !== "idle" ? (remover.json as { id?: string } | undefined)?.id : undefined;
  const refused =
    remover.state === "idle" && remover.data && !remover.data.ok ? remover.data : null;
  const remove = (campaign: CampaignRow) => {
    void remover.submit(
      { intent: "deleteCampaign", id: campaign.id },
      { method: "post", encType: "application/json" },
    );
    setDeleting(null);
  };
  // A click anywhere on a row opens it, but not one on its own link or button.
  const openRow = (event: MouseEvent, id: string) => {
    if ((event.target as HTMLElement).closest("a, button")) return;
    void navigate(campaignHref(id));
  };
  const dateOf = (row: CampaignRow) =>
    row.status === "scheduled"
      ? row.scheduledAt
      : row.status === "draft"
        ? null
        : (row.finishedAt ?? row.startedAt);
  const dateLabel = (row: CampaignRow) => {
    const date = dateOf(row);
    return date ? when.format(new Date(date)) : null;
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={4} maw={640}>
          <Text size="sm" c="dimmed">
            {t("campaigns.screen.list.help")}
          </Text>
          {sender ? (
            <Text size="sm" data-testid="sender-summary">
              {sender.relay.enabled
                ? t("campaigns.screen.sending.summaryOwn", {
                    from: sender.from,
                    host: sender.relay.host,
                  })
                : t("campaigns.screen.sending.summaryPlatform", { from: sender.from })}
            </Text>
          ) : null}
        </Stack>
        <Group gap="sm">
          {sender ? (
            <Button
              component={Link}
              to={senderSettingsHref}
              variant="default"
              leftSection={<IconMailCog size={16} aria-hidden />}
              data-testid="open-sender-settings"
            >
              {t("campaigns.screen.sending.open")}
            </Button>
          ) : null}
          <Button
            component={Link}
            to={campaignHref("new")}
            leftSection={<IconPlus size={16} aria-hidden />}
            data-testid="new-campaign"
          >
            {t("campaigns.screen.new")}
          </Button>
        </Group>
      </Group>
      {refused ? (
        <Alert color="red" role="alert">
          {t(errorKeyOf(refused.code ?? ""))}
        </Alert>
      ) : null}
      {campaigns.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t("campaigns.screen.list.empty")}
        </Text>
      ) : (
        <div className={classes.list}>
          <CampaignCards
            campaigns={campaigns}
            dateLabel={dateLabel}
            formatNumber={(value) => number.format(value)}
            removing={removing}
            onOpen={openRow}
            onDelete={setDeleting}
          />
          <Table.ScrollContainer minWidth={860} className={classes.table}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="campaigns">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("campaigns.screen.list.name")}</Table.Th>
                  <Table.Th>{t("campaigns.screen.list.status")}</Table.Th>
                  <Table.Th ta="end">{t("campaigns.screen.list.audience")}</Table.Th>
                  <Table.Th ta="end">{t("campaigns.screen.list.sent")}</Table.Th>
                  <Table.Th ta="end">{t("campaigns.screen.list.opened")}</Table.Th>
                  <Table.Th ta="end">{t("campaigns.screen.list.clicked")}</Table.Th>
                  <Table.Th>{t("campaigns.screen.list.when")}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t("campaigns.screen.list.actions")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {campaigns.map((row) => {
                  const date = dateLabel(row);
                  return (
                    <Table.Tr
                      key={row.id}
                      onClick={(event) => openRow(event, row.id)}
                      style={{ cursor: "pointer" }}
                    >
                      <Table.Td>
                        <Anchor component={Link} to={campaignHref(row.id)} fw={500}>
                          {row.name}
                        </Anchor>
                        {row.subject ? (
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {row.subject}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={statusColour[row.status]}>
                          {words.statuses[row.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="end">{number.format(row.audience)}</Table.Td>
                      <Table.Td ta="end">{number.format(row.sent)}</Table.Td>
                      <Table.Td ta="end">{number.format(row.opened)}</Table.Td>
                      <Table.Td ta="end">{number.format(row.clicked)}</Table.Td>
                      <Table.Td>{date ?? "—"}</Table.Td>
                      <Table.Td>
                        {row.status === "sending" ? null : (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t("campaigns.screen.list.delete", { name: row.name })}
                            loading={removing === row.id}
                            onClick={() => setDeleting(row)}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      )}
      {deleting ? (
        <Modal
          opened
          onClose={() => setDeleting(null)}
          size="sm"
          title={t("campaigns.screen.list.confirmTitle")}
          closeButtonProps={{ "aria-label": t("campaigns.screen.close") }}
        >
          <Stack gap="md">
            <Text size="sm">{t("campaigns.screen.list.confirmText", { name: deleting.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t("campaigns.screen.cancel")}
              </Button>
              <Button
                color="red"
                onClick={() => remove(deleting)}
                data-testid="confirm-delete-campaign"
              >
                {t("campaigns.screen.list.deleteConfirm")}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}
