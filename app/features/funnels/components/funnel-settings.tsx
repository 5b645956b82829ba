import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { fieldIssueMessage } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { FunnelStatus } from "../funnel-shapes";
import { useFunnelCommand } from "./funnel-words";

/** A funnel's name, address and whether it is live (a draft opens only for its managers). */
export function FunnelSettings({
  id,
  funnel,
}: {
  id: string;
  funnel: { name: string; slug: string; status: FunnelStatus };
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(funnel);
  const saver = useFunnelCommand();
  const issues = saver.answer && !saver.answer.ok ? (saver.answer.issues ?? []) : [];
  const errorAt = (path: string) => {
    const issue = issues.find((one) => one.path === path);
    return issue ? fieldIssueMessage(t, issue) : undefined;
  };
  const save = (next = draft) => void saver.send({ intent: "saveFunnel", id, funnel: next });
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("funnels.settings.title")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("funnels.screen.name")}
            value={draft.name}
            error={errorAt("name")}
            onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          />
          <TextInput
            label={t("funnels.settings.slug")}
            description={`/f/${draft.slug || "…"}`}
            value={draft.slug}
            error={errorAt("slug")}
            onChange={(event) =>
              setDraft({ ...draft, slug: event.currentTarget.value.toLowerCase() })
            }
          />
        </SimpleGrid>
        <Switch
          label={t("funnels.settings.live")}
          description={t("funnels.settings.liveHelp")}
          checked={draft.status === "live"}
          onChange={(event) => {
            const next = {
              ...draft,
              status: event.currentTarget.checked ? "live" : "draft",
            } as const;
            setDraft(next);
            save(next);
          }}
          data-testid="funnel-live"
        />
        <Group justify="space-between">
          <Anchor href={`/f/${funnel.slug}`} target="_blank" size="sm">
            {t("funnels.settings.open")}
          </Anchor>
          <Group gap="sm">
            {saver.answer?.ok ? (
              <Text size="sm" c="dimmed" role="status">
                {t("funnels.settings.saved")}
              </Text>
            ) : null}
            <Button onClick={() => save()} loading={saver.busy}>
              {t("funnels.settings.save")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
