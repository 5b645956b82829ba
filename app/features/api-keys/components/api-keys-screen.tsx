import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCheck, IconCopy, IconKey } from "@tabler/icons-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { SettingsPage } from "~/features/dashboard/dashboard";
import { errorKeyOf } from "~/platform/errors";
import { dateIn } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import { KEY_NAME_MAX, type ApiKeyRow, type ApiScope } from "../scopes";
import { expiryChoices } from "../validation";

type Answer =
  | { ok: true; created?: { key: ApiKeyRow; secret: string }; revoked?: ApiKeyRow }
  | { ok: false; code: string; issues: { path: string }[] };

/** The secret, once: copied now or never seen again. */
function NewSecret({ secret }: { secret: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" icon={<IconKey size={18} aria-hidden />} title={t("apiKeys.createdTitle")}>
      <Stack gap="xs">
        <Text size="sm">{t("apiKeys.shownOnce")}</Text>
        <Group gap="xs">
          <Code data-testid="new-key" style={{ wordBreak: "break-all" }}>
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="default"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
              >
                {copied ? t("apiKeys.copied") : t("apiKeys.copy")}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

function CreateKeyForm({
  scopes,
  fetcher,
}: {
  scopes: ApiScope[];
  fetcher: ReturnType<typeof useFetcher<Answer>>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [expiry, setExpiry] = useState<string>("never");
  const answer = fetcher.data;
  // A key made: the form is emptied for the next one (adjusting state in render).
  const [madeShown, setMadeShown] = useState<Answer | undefined>(undefined);
  if (fetcher.state === "idle" && answer?.ok && answer.created && answer !== madeShown) {
    setMadeShown(answer);
    setName("");
    setChosen([]);
    setExpiry("never");
  }
  const invalid = (field: string) =>
    answer && !answer.ok && answer.issues.some((issue) => issue.path === field);
  return (
    <Paper withBorder p="md" radius="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void fetcher.submit(
            {
              intent: "create",
              name,
              scopes: chosen,
              expiresInDays: expiry === "never" ? null : Number(expiry),
            },
            { method: "post", encType: "application/json" },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("apiKeys.newTitle")}
          </Title>
          <TextInput
            label={t("apiKeys.name")}
            description={t("apiKeys.nameHint")}
            value={name}
            maxLength={KEY_NAME_MAX}
            required
            error={invalid("name") ? t("apiKeys.nameInvalid") : undefined}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Checkbox.Group
            label={t("apiKeys.scopesLabel")}
            description={t("apiKeys.scopesHint")}
            value={chosen}
            onChange={setChosen}
            error={invalid("scopes") ? t("apiKeys.scopesInvalid") : undefined}
          >
            <Stack gap={6} mt={6}>
              {scopes.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={
                    <>
                      {t(`apiKeys.scopes.${scope.replace(":", "_")}`)} <Code>{scope}</Code>
                    </>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Select
            label={t("apiKeys.expiry")}
            value={expiry}
            allowDeselect={false}
            onChange={(value) => setExpiry(value ?? "never")}
            data={[
              { value: "never", label: t("apiKeys.never") },
              ...expiryChoices.map((days) => ({
                value: String(days),
                label: t("apiKeys.inDays", { count: days }),
              })),
            ]}
            w={{ base: "100%", sm: 240 }}
          />
          <Group>
            <Button type="submit" loading={fetcher.state !== "idle"} disabled={chosen.length === 0}>
              {t("apiKeys.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function KeysTable({ keys }: { keys: ApiKeyRow[] }) {
  const { t, i18n } = useTranslation();
  const when = dateIn(i18n.language, true);
  const revoker = useFetcher<Answer>();
  const [pending, setPending] = useState<string | null>(null);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" data-testid="api-keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("apiKeys.name")}</Table.Th>
            <Table.Th>{t("apiKeys.prefix")}</Table.Th>
            <Table.Th>{t("apiKeys.scopesLabel")}</Table.Th>
            <Table.Th>{t("apiKeys.created")}</Table.Th>
            <Table.Th>{t("apiKeys.lastUsed")}</Table.Th>
            <Table.Th>{t("apiKeys.expires")}</Table.Th>
            <Table.Th aria-label={t("apiKeys.actions")} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.id} data-revoked={key.revokedAt ? "" : undefined}>
              <Table.Td>{key.name}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {key.scopes.map((scope) => (
                    <Badge key={scope} variant="light" size="sm" tt="none">
                      {scope}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{when(key.createdAt)}</Table.Td>
              <Table.Td>{key.lastUsedAt ? when(key.lastUsedAt) : t("apiKeys.neverUsed")}</Table.Td>
              <Table.Td>{key.expiresAt ? when(key.expiresAt) : t("apiKeys.never")}</Table.Td>
              <Table.Td>
                {key.revokedAt ? (
                  <Badge color="gray">{t("apiKeys.revoked")}</Badge>
                ) : (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={t("apiKeys.revokeNamed", { name: key.name })}
                    loading={revoker.state !== "idle" && pending === key.id}
                    onClick={() => {
                      if (!window.confirm(t("apiKeys.revokeConfirm", { name: key.name }))) return;
                      setPending(key.id);
                      void revoker.submit(
                        { intent: "revoke", id: key.id },
                        { method: "post", encType: "application/json" },
                      );
                    }}
                  >
                    {t("apiKeys.revoke")}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /dashboard/manage/site/api-keys: the owner's keys for programs calling the site's API. */
export function ApiKeysScreen({ keys, scopes }: { keys: ApiKeyRow[]; scopes: ApiScope[] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <SettingsPage title={t("apiKeys.title")} intro={t("apiKeys.intro")} size="lg" gap="lg">
      <Text size="sm">
        <Anchor href="/api/openapi.json" target="_blank" rel="noopener">
          {t("apiKeys.openapi")}
        </Anchor>{" "}
        — {t("apiKeys.openapiHint")}
      </Text>
      {answer && !answer.ok ? (
        <Alert color="red" role="alert" title={t("apiKeys.failedTitle")}>
          {t(errorKeyOf(answer.code))}
        </Alert>
      ) : null}
      {answer?.ok && answer.created ? <NewSecret secret={answer.created.secret} /> : null}
      {scopes.length > 0 ? (
        <CreateKeyForm scopes={scopes} fetcher={fetcher} />
      ) : (
        <Text size="sm" c="dimmed">
          {t("apiKeys.noScopes")}
        </Text>
      )}
      {keys.length > 0 ? (
        <KeysTable keys={keys} />
      ) : (
        <Text size="sm" c="dimmed">
          {t("apiKeys.none")}
        </Text>
      )}
    </SettingsPage>
  );
}
