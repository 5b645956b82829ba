import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  useDirection,
} from "@mantine/core";
import { IconArrowLeft, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { errorKeyOf } from "~/platform/errors";
import { fieldIssueMessage, type FieldIssue } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import { senderIssueOrigins, type SenderSettingsView } from "../sender-shapes";
import type { ErrorAt } from "./campaign-editor";
import { campaignHref } from "./campaign-words";
import {
  DkimFields,
  RelayFields,
  SenderFields,
  WebhookFields,
  senderFormOf,
  type SenderForm,
} from "./sender-settings-fields";

type Refusal = { ok: false; code?: string; issues?: FieldIssue[]; reason?: string };
type SaveAnswer = { ok: true; settings: SenderSettingsView } | Refusal;
type TestAnswer = { ok: true; to: string } | Refusal;

/** The address of the sending settings, in the campaigns tab. */
export const senderSettingsHref = "?tab=campaigns&sending=settings";

/** What the form sends: an empty secret keeps the saved one, null removes it. */
const settingsOf = (form: SenderForm) => ({
  senderName: form.senderName,
  senderAddress: form.senderAddress,
  replyTo: form.replyTo,
  relay: {
    enabled: form.relay.enabled,
    host: form.relay.host,
    port: form.relay.port,
    security: form.relay.security,
    username: form.relay.username,
    password: form.relay.forgetPassword ? null : form.relay.password,
  },
  dkim: {
    enabled: form.dkim.enabled,
    domain: form.dkim.domain,
    selector: form.dkim.selector,
    privateKey: form.dkim.forgetKey ? null : form.dkim.privateKey,
  },
  webhook: form.webhook,
});

/**
 * M5 the site's sending settings (decision 057): who its campaigns come from, where replies go,
 * its own SMTP relay and DKIM key. Secrets are written, never read back: a saved one shows as
 * saved, and an empty field keeps it. "Send a test" tries the form as it stands, saved or not.
 */
export function SenderSettingsPanel({ view }: { view: SenderSettingsView }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const [form, setForm] = useState(() => senderFormOf(view));
  const [last, setLast] = useState<"save" | "test" | null>(null);
  const saver = useFetcher<SaveAnswer>();
  const tester = useFetcher<TestAnswer>();
  const fetcher = last === "test" ? tester : saver;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const issues = answer && !answer.ok ? (answer.issues ?? []) : [];

  // Once saved, the secrets typed are the saved ones: their fields go back to "keep" (set while
  // rendering the answer, once per answer).
  const saved = saver.state === "idle" && saver.data?.ok ? saver.data : null;
  const [cleared, setCleared] = useState<SaveAnswer | null>(null);
  if (saved && saved !== cleared) {
    setCleared(saved);
    setForm((current) => ({
      ...current,
      relay: { ...current.relay, password: "", forgetPassword: false },
      dkim: { ...current.dkim, privateKey: "", forgetKey: false },
      webhook: { ...current.webhook, key: "" },
    }));
  }

  const errorAt: ErrorAt = (path, exact = false) => {
    const issue = issues.find(
      (candidate) => candidate.path === path || (!exact && candidate.path.startsWith(`${path}.`)),
    );
    if (!issue) return undefined;
    const own = senderIssueOrigins.find((origin) => origin === issue.origin);
    return issue.code === "custom" && own
      ? t(`campaigns.screen.sending.errors.${own}`)
      : fieldIssueMessage(t, issue);
  };
  const submit = (intent: "saveSender" | "testSender") => {
    setLast(intent === "saveSender" ? "save" : "test");
    void (intent === "saveSender" ? saver : tester).submit(
      { intent, settings: settingsOf(form) },
      { method: "post", encType: "application/json" },
    );
  };
  const fields = {
    form,
    view: saved?.settings ?? view,
    errorAt,
    change: (next: (form: SenderForm) => SenderForm) => setForm(next),
  };

  return (
    <Stack gap="md" data-testid="sender-settings">
      <Anchor component={Link} to={campaignHref()} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft
            size={16}
            aria-hidden
            style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined}
          />
          <span>{t("campaigns.screen.back")}</span>
        </Group>
      </Anchor>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t("campaigns.screen.sending.title")}
        </Title>
        <Text size="sm" c="dimmed" maw={720}>
          {t("campaigns.screen.sending.help")}
        </Text>
      </Stack>
      <SenderFields {...fields} />
      <RelayFields {...fields} />
      <DkimFields {...fields} />
      <WebhookFields {...fields} />
      <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
        <Stack gap="xs">
          <Notice answer={answer} last={last} />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="xs" c="dimmed" maw={480}>
              {t("campaigns.screen.sending.testHelp", { to: view.testTo })}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconSend size={16} aria-hidden />}
                loading={tester.state !== "idle"}
                onClick={() => submit("testSender")}
                data-testid="send-sender-test"
              >
                {t("campaigns.screen.sending.test")}
              </Button>
              <Button
                loading={saver.state !== "idle"}
                onClick={() => submit("saveSender")}
                data-testid="save-sender"
              >
                {t("campaigns.screen.sending.save")}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** What the last save or test did, or why it was refused. */
function Notice({
  answer,
  last,
}: {
  answer: SaveAnswer | TestAnswer | undefined;
  last: "save" | "test" | null;
}) {
  const { t } = useTranslation();
  if (!answer || !last) return null;
  if (answer.ok)
    return (
      <Alert color="teal" role="status" data-testid="sender-notice" p="xs">
        {"to" in answer
          ? t("campaigns.screen.sending.tested", { to: answer.to })
          : t("campaigns.screen.sending.saved")}
      </Alert>
    );
  const fieldIssues = (answer.issues ?? []).length > 0;
  return (
    <Alert color="red" role="alert" data-testid="sender-notice" p="xs">
      <Text size="sm">
        {fieldIssues ? t("campaigns.screen.sending.checkIssues") : t(errorKeyOf(answer.code ?? ""))}
      </Text>
      {answer.reason ? (
        <Text size="xs" mt={4}>
          {t("campaigns.screen.sending.relayAnswer", { reason: answer.reason })}
        </Text>
      ) : null}
    </Alert>
  );
}
