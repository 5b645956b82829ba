import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  useDirection,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowLeft, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { dateFormat, numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  POPUPS_SCREEN_PATH,
  type PopupDefinition,
  type PopupRow,
  type PopupStatus,
} from "../popup-shapes";
import { PopupEditor, type FormChoice } from "./popup-editor";
import { usableZone } from "./popup-time";
import { useConversionRate, usePopupWords } from "./popup-words";

/** The popup `?popup={id}` (or `new`, with no id nor popup) opens, with what it did. */
export type OpenedPopup = {
  id: string | null;
  popup: PopupDefinition | null;
  views: number;
  conversions: number;
};

const statusColour: Record<PopupStatus, string> = { active: "green", paused: "gray" };

/**
 * M5 `/dashboard/manage/marketing/popups`: the site's popups with their views, conversions and
 * rate; one opened in the editor (content, when, where, how often, schedule, live preview).
 */
export function PopupsScreen({
  popups,
  forms,
  opened,
  timeZone,
}: {
  popups: PopupRow[];
  /** The site's forms, for the form picker. */
  forms: FormChoice[];
  opened: OpenedPopup | null;
  /** The site's time zone (IANA): the schedule is shown and entered in it. */
  timeZone: string;
}) {
  const zone = usableZone(timeZone);
  if (!opened) return <PopupList popups={popups} zone={zone} />;
  return <PopupPage key={opened.id ?? "new"} opened={opened} forms={forms} zone={zone} />;
}

/** Every popup of the site, with its state and what it did. */
function PopupList({ popups, zone }: { popups: PopupRow[]; zone: string }) {
  const { t, i18n } = useTranslation();
  const words = usePopupWords();
  const rate = useConversionRate();
  const [deleting, setDeleting] = useState<PopupRow | null>(null);
  const remover = useFetcher();
  // In the site's zone: the server and the browser write the same day.
  const day = dateFormat(i18n.language, { dateStyle: "medium", timeZone: zone });
  const number = numberFormat(i18n.language);
  const removing =
    remover.state !== "idle" ? (remover.json as { id?: string } | undefined)?.id : undefined;
  const remove = (popup: PopupRow) => {
    void remover.submit(
      { intent: "deletePopup", id: popup.id },
      { method: "post", encType: "application/json" },
    );
    setDeleting(null);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t("dashboard.sections.managePopups.title")}
        </Title>
        <Button component={Link} to="?popup=new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t("popups.screen.new")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("popups.screen.list.help")}
      </Text>
      {popups.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t("popups.screen.list.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="popups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("popups.screen.list.name")}</Table.Th>
                <Table.Th>{t("popups.screen.list.status")}</Table.Th>
                <Table.Th>{t("popups.screen.list.layout")}</Table.Th>
                <Table.Th>{t("popups.screen.list.trigger")}</Table.Th>
                <Table.Th ta="end">{t("popups.screen.list.views")}</Table.Th>
                <Table.Th ta="end">{t("popups.screen.list.conversions")}</Table.Th>
                <Table.Th ta="end">{t("popups.screen.list.rate")}</Table.Th>
                <Table.Th>{t("popups.screen.list.updated")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("popups.screen.list.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {popups.map((popup) => (
                <Table.Tr key={popup.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`?popup=${popup.id}`} fw={500}>
                      {popup.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColour[popup.status]}>
                      {words.statuses[popup.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{words.layouts[popup.layout]}</Table.Td>
                  <Table.Td>{words.triggers[popup.trigger]}</Table.Td>
                  <Table.Td ta="end">{number.format(popup.views)}</Table.Td>
                  <Table.Td ta="end">{number.format(popup.conversions)}</Table.Td>
                  <Table.Td ta="end">{rate(popup.views, popup.conversions)}</Table.Td>
                  <Table.Td>{day.format(new Date(popup.updatedAt))}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("popups.screen.list.delete", { name: popup.name })}
                      loading={removing === popup.id}
                      onClick={() => setDeleting(popup)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {deleting ? (
        <Modal
          opened
          onClose={() => setDeleting(null)}
          size="sm"
          title={t("popups.screen.list.confirmTitle")}
          closeButtonProps={{ "aria-label": t("popups.screen.close") }}
        >
          <Stack gap="md">
            <Text size="sm">{t("popups.screen.list.confirmText", { name: deleting.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t("popups.screen.cancel")}
              </Button>
              <Button
                color="red"
                onClick={() => remove(deleting)}
                data-testid="confirm-delete-popup"
              >
                {t("popups.screen.list.deleteConfirm")}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}

/** One popup: back to the list, its name, what it did so far, and its editor. */
function PopupPage({
  opened,
  forms,
  zone,
}: {
  opened: OpenedPopup;
  forms: FormChoice[];
  zone: string;
}) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const rate = useConversionRate();
  const number = numberFormat(i18n.language);
  const { id, popup, views, conversions } = opened;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={POPUPS_SCREEN_PATH} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft
            size={16}
            aria-hidden
            style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined}
          />
          <span>{t("popups.screen.back")}</span>
        </Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {popup?.name || t("popups.screen.new")}
        </Title>
        {id ? (
          <Text size="sm" c="dimmed" data-testid="popup-stats">
            {t("popups.screen.stats", {
              views: number.format(views),
              conversions: number.format(conversions),
              rate: rate(views, conversions),
            })}
          </Text>
        ) : null}
      </Stack>
      <PopupEditor id={id} popup={popup} forms={forms} zone={zone} />
    </Stack>
  );
}
