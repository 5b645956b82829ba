import { Badge, Button, Card, Group, Stack, Switch, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CommandOutcome, useJsonCommand, type CommandAnswer } from "~/ui/json-command";
import type { DeliveryStatus, WebhookDeliveryView, WebhookEndpointView } from "../webhook-shapes";
import { SecretNotice } from "./secret-notice";

const statusColor: Record<DeliveryStatus, string> = {
  queued: "blue",
  delivered: "teal",
  failed: "red",
};

function DeliveryRow({
  endpointId,
  delivery,
}: {
  endpointId: string;
  delivery: WebhookDeliveryView;
}) {
  const { t, i18n } = useTranslation();
  const command = useJsonCommand();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "medium" }).format(
      new Date(iso),
    );
  return (
    <Table.Tr data-testid="webhook-delivery" data-status={delivery.status}>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {delivery.eventType}
        </Text>
        <Text size="xs" c="dimmed">
          {when(delivery.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={statusColor[delivery.status]} variant="light">
          {t(`webhooks.status.${delivery.status}`)}
        </Badge>
        {delivery.status === "queued" && delivery.nextAttemptAt ? (
          <Text size="xs" c="dimmed">
            {t("webhooks.deliveries.next", { when: when(delivery.nextAttemptAt) })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{delivery.lastStatusCode ?? "—"}</Text>
        {delivery.lastError ? (
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {delivery.lastError}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{delivery.attempts}</Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          loading={command.busy}
          onClick={() =>
            void command.send({ intent: "retry", id: endpointId, deliveryId: delivery.id })
          }
        >
          {t("webhooks.deliveries.retry")}
        </Button>
        {command.answer && !command.answer.ok ? (
          <CommandOutcome answer={command.answer} saved="" />
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** One endpoint: its address and events, its switches, and its latest deliveries. */
export function EndpointCard({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useTranslation();
  const command = useJsonCommand();
  const answer = command.answer as (CommandAnswer & { secret?: string }) | undefined;
  const send = (body: Record<string, unknown>) => void command.send({ ...body, id: endpoint.id });
  return (
    <Card withBorder padding="lg" data-testid="webhook-endpoint" data-endpoint-id={endpoint.id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h5" style={{ overflowWrap: "anywhere" }}>
              {endpoint.url}
            </Title>
            {endpoint.description ? (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {endpoint.eventTypes
                ? t("webhooks.endpoint.events", { list: endpoint.eventTypes.join(", ") })
                : t("webhooks.allEvents")}
            </Text>
          </Stack>
          <Switch
            label={t("webhooks.endpoint.enabled")}
            checked={endpoint.enabled}
            disabled={command.busy}
            onChange={(event) =>
              send({ intent: "setEnabled", enabled: event.currentTarget.checked })
            }
          />
        </Group>
        {!endpoint.hasSecret ? (
          <Text size="sm" c="orange">
            {t("webhooks.secret.missing")}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button size="xs" onClick={() => send({ intent: "test" })} loading={command.busy}>
            {t("webhooks.endpoint.test")}
          </Button>
          <Button size="xs" variant="light" onClick={() => send({ intent: "rollSecret" })}>
            {t("webhooks.secret.roll")}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => {
              if (window.confirm(t("webhooks.endpoint.deleteConfirm"))) send({ intent: "delete" });
            }}
          >
            {t("webhooks.endpoint.delete")}
          </Button>
        </Group>
        {answer?.ok && answer.secret ? (
          <SecretNotice answer={answer} />
        ) : (
          <CommandOutcome answer={answer} saved={t("webhooks.done")} />
        )}
        <Title order={3} size="h6">
          {t("webhooks.deliveries.title")}
        </Title>
        {endpoint.deliveries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("webhooks.deliveries.none")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" data-testid="webhook-deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("webhooks.deliveries.event")}</Table.Th>
                  <Table.Th>{t("webhooks.deliveries.status")}</Table.Th>
                  <Table.Th>{t("webhooks.deliveries.answer")}</Table.Th>
                  <Table.Th>{t("webhooks.deliveries.attempts")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {endpoint.deliveries.map((delivery) => (
                  <DeliveryRow key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
