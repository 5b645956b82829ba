import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";

export type BunnyCredsView = { library_id: string; cdn_host: string; api_key_hint: string };

/**
 * M9: the site's Bunny Stream library. With it, uploaded videos go to Bunny and play from its
 * player; without, from the site's own storage. The key is write-only: the screen shows its
 * last four characters, and an empty field keeps the stored one.
 */
export function BunnySettings({ initial }: { initial: BunnyCredsView | false }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(initial);
  const [libraryId, setLibraryId] = useState(initial ? initial.library_id : "");
  const [cdnHost, setCdnHost] = useState(initial ? initial.cdn_host : "");
  const [apiKey, setApiKey] = useState("");
  const [status, setStatus] = useState<"idle" | "saving" | "saved" | "error">("idle");

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setStatus("saving");
    const response = await fetch("/api/account/bunny", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ library_id: libraryId, cdn_host: cdnHost, api_key: apiKey }),
    }).catch(() => null);
    if (!response?.ok) return setStatus("error");
    const body = (await response.json()) as { bunnyCreds: BunnyCredsView | false };
    setSaved(body.bunnyCreds);
    setApiKey("");
    setStatus("saved");
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="bunny-title">
      <form onSubmit={(event) => void save(event)}>
        <Stack gap="sm" maw={520}>
          <Title order={2} size="h3" id="bunny-title">
            {t("media.bunny.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {saved ? t("media.bunny.connected") : t("media.bunny.notConnected")}
          </Text>
          <TextInput
            label={t("media.bunny.libraryId")}
            value={libraryId}
            onChange={(event) => setLibraryId(event.currentTarget.value)}
            inputMode="numeric"
            required
          />
          <PasswordInput
            label={t("media.bunny.apiKey")}
            description={
              saved ? t("media.bunny.apiKeyKept", { hint: saved.api_key_hint }) : undefined
            }
            value={apiKey}
            onChange={(event) => setApiKey(event.currentTarget.value)}
            autoComplete="off"
            required={!saved}
          />
          <TextInput
            label={t("media.bunny.cdnHost")}
            description={t("media.bunny.cdnHostHelp")}
            value={cdnHost}
            onChange={(event) => setCdnHost(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={status === "saving"}>
              {t("media.bunny.save")}
            </Button>
            {status === "saved" ? (
              <Text size="sm" c="green.8" role="status">
                {t("media.details.saved")}
              </Text>
            ) : status === "error" ? (
              <Text size="sm" c="red.8" role="alert">
                {t("media.bunny.invalid")}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
