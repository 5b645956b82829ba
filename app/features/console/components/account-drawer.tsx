import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useFetcher } from "react-router";
import { errorCatalogue, type ErrorCode } from "~/platform/errors";
import type { AccountDetail, ConsoleAnswer, ConsoleCommand, MeterRow } from "../console-views";
import { AccountStatusBadge } from "./status-badge";
import { dateIn } from "~/platform/i18n/formats";

const meterColours: Record<MeterRow["state"], string> = {
  ok: "teal.9",
  near: "orange.9",
  grace: "red.9",
  limited: "red.9",
};

function Meters({ meters }: { meters: MeterRow[] }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Table withTableBorder verticalSpacing={6} data-testid="account-meters">
      <Table.Tbody>
        {meters.map((row) => (
          <Table.Tr key={row.meter}>
            <Table.Th scope="row" fw={500}>
              {t(`usage.meters.${row.meter}`)}
            </Table.Th>
            <Table.Td ta="end" style={{ whiteSpace: "nowrap" }}>
              {row.limit > 0
                ? t("console.detail.meterOf", {
                    used: number.format(row.used),
                    limit: number.format(row.limit),
                  })
                : number.format(row.used)}
            </Table.Td>
            <Table.Td w={1}>
              {row.state === "ok" ? null : (
                <Badge color={meterColours[row.state]} variant="filled" size="sm">
                  {t(`console.meterStates.${row.state}`)}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One site: what it is, who owns it, its plan's features and meters, and what may be done. */
export function AccountDrawer({
  detail,
  lang,
  onClose,
}: {
  detail: AccountDetail | null;
  lang: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const date = dateIn(lang, true);
  const fetcher = useFetcher<ConsoleAnswer>();
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState<ConsoleCommand["intent"] | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = sent && !busy ? fetcher.data : undefined;
  const d = (key: string, values?: Record<string, unknown>) =>
    t(`console.detail.${key}`, values ?? {});

  // The entry's address goes at once: it is good for a minute.
  const entryUrl = answer?.ok && sent === "openAsOwner" ? answer.url : undefined;
  useEffect(() => {
    if (entryUrl) window.location.assign(entryUrl);
  }, [entryUrl]);

  function send(command: ConsoleCommand) {
    setSent(command.intent);
    void fetcher.submit(command, {
      method: "post",
      action: "/dashboard/accounts",
      encType: "application/json",
    });
  }

  const failure =
    answer && !answer.ok
      ? t(errorCatalogue[answer.code as ErrorCode]?.key ?? "errors.invalidRequest")
      : null;
  const suspended = Boolean(detail?.suspendedAt);
  const on = detail?.features.filter((f) => f.on).map((f) => f.name) ?? [];

  return (
    <Drawer
      opened={detail !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={detail?.title}
      closeButtonProps={{ "aria-label": d("close") }}
      data-testid="account-drawer"
    >
      {detail ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {detail.domain ? `${detail.slug} · ${detail.domain}` : detail.slug}
            </Text>
            <Anchor href={detail.siteUrl} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                {d("visit")}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          </Group>

          <Table withTableBorder verticalSpacing={6} data-testid="account-facts">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{d("status")}</Table.Th>
                <Table.Td>
                  <Group gap="xs">
                    <AccountStatusBadge suspended={suspended} />
                    {detail.suspendedAt ? (
                      <Text size="sm" c="dimmed">
                        {d("suspendedSince", { date: date(detail.suspendedAt) })}
                      </Text>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{d("plan")}</Table.Th>
                <Table.Td>{detail.planLabel ?? detail.plan ?? t("console.table.noPlan")}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{d("owners")}</Table.Th>
                <Table.Td style={{ overflowWrap: "anywhere" }} data-testid="account-owners">
                  {detail.owners.length === 0
                    ? t("console.table.noOwner")
                    : detail.owners.map((owner) => (
                        <Text key={owner.userId} size="sm">
                          {owner.name} · {owner.email}
                        </Text>
                      ))}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{d("members")}</Table.Th>
                <Table.Td>{detail.members}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{d("created")}</Table.Th>
                <Table.Td>{date(detail.createdAt)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>

          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="console-error">
              {failure}
            </Alert>
          ) : null}

          <Group gap="sm" wrap="wrap">
            {suspended ? (
              <Button
                color="teal"
                loading={busy && sent === "restore"}
                onClick={() => send({ intent: "restore", accountId: detail.accountId })}
              >
                {d("restore")}
              </Button>
            ) : (
              <Button
                color="red"
                disabled={detail.isHost}
                loading={busy && sent === "suspend"}
                onClick={() => setAsking(true)}
              >
                {d("suspend")}
              </Button>
            )}
            <Button
              variant="default"
              disabled={suspended || detail.owners.length === 0}
              loading={busy && sent === "openAsOwner"}
              onClick={() => send({ intent: "openAsOwner", accountId: detail.accountId })}
            >
              {d("openAsOwner")}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {detail.isHost && !suspended ? d("suspendHost") : d("openAsOwnerHelp")}
          </Text>
          <Anchor
            component={Link}
            to={`/dashboard/accounts/audit?site=${encodeURIComponent(detail.slug)}`}
            size="sm"
          >
            {d("auditLink")}
          </Anchor>

          <Divider />
          <Title order={2} size="h4">
            {d("features")}
          </Title>
          <Text size="sm" c="dimmed">
            {d("featuresHelp")}
          </Text>
          <Stack gap="xs" data-testid="account-features">
            {detail.features.map((feature) => (
              <Switch
                key={feature.name}
                label={t(`platform.pricing.features.${feature.name}`)}
                description={feature.included ? undefined : d("notInPlan")}
                checked={feature.on}
                disabled={!feature.included || busy}
                onChange={(event) => {
                  const wanted = event.currentTarget.checked
                    ? [...on, feature.name]
                    : on.filter((name) => name !== feature.name);
                  send({ intent: "features", accountId: detail.accountId, features: wanted });
                }}
              />
            ))}
          </Stack>

          <Divider />
          <Title order={2} size="h4">
            {d("usage")}
          </Title>
          <Meters meters={detail.meters} />

          <Modal
            opened={asking}
            onClose={() => setAsking(false)}
            title={d("suspend")}
            closeButtonProps={{ "aria-label": d("cancel") }}
          >
            <Stack>
              <Text>{d("suspendConfirm", { site: detail.title })}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setAsking(false)}>
                  {d("cancel")}
                </Button>
                <Button
                  color="red"
                  onClick={() => {
                    // The dialog closes as the command goes; a refusal shows in the drawer.
                    setAsking(false);
                    send({ intent: "suspend", accountId: detail.accountId });
                  }}
                  data-testid="confirm-suspend"
                >
                  {d("suspend")}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Stack>
      ) : null}
    </Drawer>
  );
}
