import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconDownload, IconPackageExport } from "@tabler/icons-react";
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { SettingsPage } from "~/features/dashboard/dashboard";
import { useSiteCommand } from "~/features/site-app/site-app";
import { errorKeyOf } from "~/platform/errors";
import { dateIn, formatBytes, numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ExportRow, ExportStatus } from "../export-shapes";
import classes from "./export-screen.module.css";

const statusColour: Record<ExportStatus, string> = {
  queued: "gray",
  running: "blue",
  ready: "green",
  failed: "red",
};

/** While an export is being made, the list is read again every few seconds. */
const POLL_MS = 3000;

/** The archives, newest first: one line each, wrapping on a narrow screen. */
function ExportsList({ exports }: { exports: ExportRow[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const when = dateIn(lang, true);
  const count = (n: number) => numberFormat(lang).format(n);
  return (
    <Stack component="ul" gap="xs" className={classes.list} data-testid="exports">
      {exports.map((row) => (
        <Paper component="li" key={row.id} withBorder p="sm" data-status={row.status}>
          <Group justify="space-between" gap="sm">
            <Stack gap={2}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  <VisuallyHidden>{t("accountExport.requested")} </VisuallyHidden>
                  {when(row.requestedAt)}
                </Text>
                <Badge color={statusColour[row.status]} variant="light">
                  <VisuallyHidden>{t("accountExport.status")} </VisuallyHidden>
                  {t(`accountExport.statuses.${row.status}`)}
                </Badge>
              </Group>
              {row.counts ? (
                <Text size="sm" c="dimmed">
                  {t("accountExport.counts", {
                    rows: count(row.counts.rows),
                    people: count(row.counts.people),
                    files: count(row.counts.files),
                  })}
                </Text>
              ) : null}
            </Stack>
            {row.status === "ready" && row.sizeBytes !== null ? (
              <Anchor href={`/api/account/exports/${row.id}/archive`} download size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconDownload size={16} aria-hidden />
                  {t("accountExport.downloadSize", { size: formatBytes(row.sizeBytes, lang) })}
                </Group>
              </Anchor>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** A sentence whose `backticked` parts are commands, shown as code. */
function WithCode({ text }: { text: string }) {
  return text
    .split(/`([^`]+)`/)
    .map((part, index) => (index % 2 === 1 ? <Code key={index}>{part}</Code> : part));
}

/** /dashboard/export: the owner takes the whole site with them (decision 081). */
export function ExportScreen({ exports }: { exports: ExportRow[] }) {
  const { t } = useTranslation();
  const command = useSiteCommand();
  const revalidator = useRevalidator();
  const working = exports.some((row) => row.status === "queued" || row.status === "running");
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => void revalidate(), POLL_MS);
    return () => clearInterval(timer);
  }, [working, revalidate]);

  return (
    <SettingsPage
      title={t("accountExport.title")}
      intro={t("accountExport.intro")}
      size="lg"
      gap="lg"
    >
      {command.code ? (
        <Alert color="red" role="alert" title={t("accountExport.failedTitle")}>
          {t(errorKeyOf(command.code))}
        </Alert>
      ) : null}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("accountExport.whatTitle")}
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>{t("accountExport.whatContent")}</List.Item>
          <List.Item>{t("accountExport.whatPeople")}</List.Item>
          <List.Item>{t("accountExport.whatFiles")}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t("accountExport.notCarried")}
        </Text>
      </Stack>
      <Group>
        <Button
          leftSection={<IconPackageExport size={18} aria-hidden />}
          loading={command.status === "saving"}
          disabled={working}
          onClick={() => command.send({ intent: "export" })}
        >
          {t("accountExport.start")}
        </Button>
        <Text size="sm" role="status" aria-live="polite">
          {working ? t("accountExport.working") : ""}
        </Text>
      </Group>
      {exports.length > 0 ? (
        <ExportsList exports={exports} />
      ) : (
        <Text size="sm" c="dimmed">
          {t("accountExport.none")}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        <WithCode text={t("accountExport.importHint")} />
      </Text>
    </SettingsPage>
  );
}
