import { Button, Card, Group, MultiSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CommandOutcome, useJsonCommand, type CommandAnswer } from "~/ui/json-command";
import { webhookEventTypes, type WebhookEndpointView } from "../webhook-shapes";
import { EndpointCard } from "./endpoint-card";
import { SecretNotice } from "./secret-notice";

function AddEndpoint({ full }: { full: boolean }) {
  const { t } = useTranslation();
  const command = useJsonCommand();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<string[]>([]);
  const answer = command.answer as (CommandAnswer & { secret?: string }) | undefined;
  // A new endpoint empties the form (adjusted while rendering, as React advises over an effect).
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    if (answer?.ok) {
      setUrl("");
      setDescription("");
      setEvents([]);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void command.send({
      intent: "create",
      url,
      description,
      eventTypes: events.length > 0 ? events : null,
    });
  };
  return (
    <Card withBorder padding="lg" data-testid="webhook-add">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("webhooks.add.title")}
          </Title>
          <TextInput
            label={t("webhooks.add.url")}
            description={t("webhooks.add.urlHelp")}
            placeholder="https://example.com/webhooks/lyceum"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            required
            maxLength={2000}
            type="url"
          />
          <TextInput
            label={t("webhooks.add.description")}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={200}
          />
          <MultiSelect
            label={t("webhooks.add.events")}
            description={t("webhooks.add.eventsHelp")}
            placeholder={events.length === 0 ? t("webhooks.allEvents") : undefined}
            data={[...webhookEventTypes]}
            value={events}
            onChange={setEvents}
            searchable
            clearable
            data-testid="webhook-events"
          />
          {answer?.ok ? (
            <SecretNotice answer={answer} />
          ) : (
            <CommandOutcome answer={answer} saved={t("webhooks.done")} />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={command.busy} disabled={!url.trim() || full}>
              {t("webhooks.add.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * Issue 37 (decision 085): the site's webhook endpoints — add one (its secret shown once),
 * each with its switches and latest deliveries — and how receivers check the calls.
 */
export function WebhooksScreen({
  endpoints,
  maxEndpoints,
}: {
  endpoints: WebhookEndpointView[];
  maxEndpoints: number;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="webhooks-screen">
      <Text size="sm">{t("webhooks.verify")}</Text>
      {endpoints.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("webhooks.none")}
        </Text>
      ) : (
        endpoints.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} />)
      )}
      <AddEndpoint full={endpoints.length >= maxEndpoints} />
    </Stack>
  );
}
