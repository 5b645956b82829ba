import {
  Anchor,
  Code,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  Radio,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useId, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  relaySecurities,
  siteWebhookRelays,
  type RelaySecurity,
  type SenderSettingsView,
  type SiteWebhookRelay,
} from "../sender-shapes";
import type { ErrorAt } from "./campaign-editor";

/** The form as typed: a secret field empty keeps the saved one, `forget…` removes it. */
export type SenderForm = {
  senderName: string;
  senderAddress: string;
  replyTo: string;
  relay: {
    enabled: boolean;
    host: string;
    port: number | string;
    security: RelaySecurity;
    username: string;
    password: string;
    forgetPassword: boolean;
  };
  dkim: {
    enabled: boolean;
    domain: string;
    selector: string;
    privateKey: string;
    forgetKey: boolean;
  };
  /** "None" forgets the saved key. */
  webhook: { relay: SiteWebhookRelay | ""; key: string };
};

export const senderFormOf = (view: SenderSettingsView): SenderForm => ({
  senderName: view.senderName,
  senderAddress: view.senderAddress,
  replyTo: view.replyTo,
  relay: {
    enabled: view.relay.enabled,
    host: view.relay.host,
    port: view.relay.port,
    security: view.relay.security,
    username: view.relay.username,
    password: "",
    forgetPassword: false,
  },
  dkim: {
    enabled: view.dkim.enabled,
    domain: view.dkim.domain,
    selector: view.dkim.selector,
    privateKey: "",
    forgetKey: false,
  },
  webhook: { relay: view.webhook.relay, key: "" },
});

type Props = {
  form: SenderForm;
  view: SenderSettingsView;
  errorAt: ErrorAt;
  change: (next: (form: SenderForm) => SenderForm) => void;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Sender name, sender address and reply-to. */
export function SenderFields({ form, view, errorAt, change }: Props) {
  const { t } = useTranslation();
  const set = (key: "senderName" | "senderAddress" | "replyTo", value: string) =>
    change((current) => ({ ...current, [key]: value }));
  return (
    <Section title={t("campaigns.screen.sending.sender.title")}>
      <TextInput
        label={t("campaigns.screen.sending.sender.name")}
        description={t("campaigns.screen.sending.sender.nameHelp")}
        value={form.senderName}
        error={errorAt("senderName")}
        onChange={(event) => set("senderName", event.currentTarget.value)}
        data-testid="sender-name"
      />
      <TextInput
        type="email"
        label={t("campaigns.screen.sending.sender.address")}
        description={t("campaigns.screen.sending.sender.addressHelp")}
        placeholder={/<([^>]+)>/.exec(view.from)?.[1]}
        value={form.senderAddress}
        error={errorAt("senderAddress")}
        onChange={(event) => set("senderAddress", event.currentTarget.value)}
        data-testid="sender-address"
      />
      <TextInput
        type="email"
        label={t("campaigns.screen.sending.sender.replyTo")}
        description={t("campaigns.screen.sending.sender.replyToHelp")}
        value={form.replyTo}
        error={errorAt("replyTo")}
        onChange={(event) => set("replyTo", event.currentTarget.value)}
        data-testid="sender-reply-to"
      />
    </Section>
  );
}

/** The site's own SMTP relay, or the platform's. */
export function RelayFields({ form, view, errorAt, change }: Props) {
  const { t } = useTranslation();
  const relay = form.relay;
  const set = <K extends keyof SenderForm["relay"]>(key: K, value: SenderForm["relay"][K]) =>
    change((current) => ({ ...current, relay: { ...current.relay, [key]: value } }));
  const kept = view.relay.passwordSet && !relay.forgetPassword;
  const securityLabel = useId();
  return (
    <Section title={t("campaigns.screen.sending.relay.title")}>
      <Switch
        label={t("campaigns.screen.sending.relay.enabled")}
        description={t("campaigns.screen.sending.relay.enabledHelp")}
        checked={relay.enabled}
        onChange={(event) => set("enabled", event.currentTarget.checked)}
        data-testid="relay-enabled"
      />
      {relay.enabled ? (
        <>
          <Group align="flex-start" grow wrap="wrap">
            <TextInput
              label={t("campaigns.screen.sending.relay.host")}
              description={t("campaigns.screen.sending.relay.hostHelp")}
              required
              value={relay.host}
              error={errorAt("relay.host")}
              onChange={(event) => set("host", event.currentTarget.value)}
              miw={220}
              data-testid="relay-host"
            />
            <NumberInput
              label={t("campaigns.screen.sending.relay.port")}
              description={t("campaigns.screen.sending.relay.portHelp")}
              min={1}
              max={65535}
              allowDecimal={false}
              allowNegative={false}
              value={relay.port}
              error={errorAt("relay.port")}
              onChange={(value) => set("port", value)}
              maw={160}
            />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} component="span" id={securityLabel}>
              {t("campaigns.screen.sending.relay.security")}
            </Text>
            <SegmentedControl
              aria-labelledby={securityLabel}
              value={relay.security}
              onChange={(value) => set("security", value as RelaySecurity)}
              data={relaySecurities.map((value) => ({
                value,
                label: t(`campaigns.screen.sending.relay.securities.${value}`),
              }))}
              w="fit-content"
            />
            <Text size="xs" c="dimmed">
              {t("campaigns.screen.sending.relay.securityHelp")}
            </Text>
          </Stack>
          <Group align="flex-start" grow wrap="wrap">
            <TextInput
              label={t("campaigns.screen.sending.relay.username")}
              autoComplete="off"
              value={relay.username}
              error={errorAt("relay.username")}
              onChange={(event) => set("username", event.currentTarget.value)}
              miw={220}
            />
            <PasswordInput
              label={t("campaigns.screen.sending.relay.password")}
              description={kept ? t("campaigns.screen.sending.relay.passwordSaved") : undefined}
              placeholder={kept ? "••••••••" : undefined}
              autoComplete="new-password"
              value={relay.password}
              error={errorAt("relay.password")}
              onChange={(event) => set("password", event.currentTarget.value)}
              miw={220}
              data-testid="relay-password"
            />
          </Group>
          {view.relay.passwordSet ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              w="fit-content"
              onClick={() => set("forgetPassword", !relay.forgetPassword)}
            >
              {relay.forgetPassword
                ? t("campaigns.screen.sending.relay.keepPassword")
                : t("campaigns.screen.sending.relay.forgetPassword")}
            </Anchor>
          ) : null}
        </>
      ) : null}
    </Section>
  );
}

/** The site's DKIM key, and the DNS record that publishes it. */
export function DkimFields({ form, view, errorAt, change }: Props) {
  const { t } = useTranslation();
  const dkim = form.dkim;
  const set = <K extends keyof SenderForm["dkim"]>(key: K, value: SenderForm["dkim"][K]) =>
    change((current) => ({ ...current, dkim: { ...current.dkim, [key]: value } }));
  const kept = view.dkim.keySet && !dkim.forgetKey;
  return (
    <Section title={t("campaigns.screen.sending.dkim.title")}>
      <Switch
        label={t("campaigns.screen.sending.dkim.enabled")}
        description={t("campaigns.screen.sending.dkim.enabledHelp")}
        checked={dkim.enabled}
        onChange={(event) => set("enabled", event.currentTarget.checked)}
        data-testid="dkim-enabled"
      />
      {dkim.enabled ? (
        <>
          <Group align="flex-start" grow wrap="wrap">
            <TextInput
              label={t("campaigns.screen.sending.dkim.domain")}
              description={t("campaigns.screen.sending.dkim.domainHelp")}
              required
              value={dkim.domain}
              error={errorAt("dkim.domain")}
              onChange={(event) => set("domain", event.currentTarget.value)}
              miw={220}
              data-testid="dkim-domain"
            />
            <TextInput
              label={t("campaigns.screen.sending.dkim.selector")}
              description={t("campaigns.screen.sending.dkim.selectorHelp")}
              required
              value={dkim.selector}
              error={errorAt("dkim.selector")}
              onChange={(event) => set("selector", event.currentTarget.value)}
              miw={160}
              data-testid="dkim-selector"
            />
          </Group>
          <Textarea
            label={t("campaigns.screen.sending.dkim.privateKey")}
            description={
              kept
                ? t("campaigns.screen.sending.dkim.keySaved")
                : t("campaigns.screen.sending.dkim.privateKeyHelp")
            }
            placeholder={kept ? "••••••••" : "-----BEGIN PRIVATE KEY-----"}
            autoComplete="off"
            spellCheck={false}
            autosize
            minRows={3}
            maxRows={12}
            ff="monospace"
            value={dkim.privateKey}
            error={errorAt("dkim.privateKey")}
            onChange={(event) => set("privateKey", event.currentTarget.value)}
            data-testid="dkim-key"
          />
          {view.dkim.keySet ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              w="fit-content"
              onClick={() => set("forgetKey", !dkim.forgetKey)}
            >
              {dkim.forgetKey
                ? t("campaigns.screen.sending.dkim.keepKey")
                : t("campaigns.screen.sending.dkim.forgetKey")}
            </Anchor>
          ) : null}
          {view.dkim.record ? (
            <Stack gap={4} data-testid="dkim-record">
              <Text size="sm">{t("campaigns.screen.sending.dkim.record")}</Text>
              <Text size="xs" c="dimmed">
                {t("campaigns.screen.sending.dkim.recordName")}
              </Text>
              <Code block>{view.dkim.record.name}</Code>
              <Text size="xs" c="dimmed">
                {t("campaigns.screen.sending.dkim.recordValue")}
              </Text>
              <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
                {view.dkim.record.value}
              </Code>
            </Stack>
          ) : null}
        </>
      ) : null}
    </Section>
  );
}

/** The site's own relay's webhook: which relay, its key, and the address to give it. */
export function WebhookFields({ form, view, errorAt, change }: Props) {
  const { t } = useTranslation();
  const webhook = form.webhook;
  const set = <K extends keyof SenderForm["webhook"]>(key: K, value: SenderForm["webhook"][K]) =>
    change((current) => ({ ...current, webhook: { ...current.webhook, [key]: value } }));
  // A saved key serves the relay it was saved for.
  const kept = view.webhook.keySet && view.webhook.relay === webhook.relay;
  const relay = webhook.relay;
  return (
    <Section title={t("campaigns.screen.sending.webhook.title")}>
      <Text size="sm" c="dimmed" maw={720}>
        {t("campaigns.screen.sending.webhook.help")}
      </Text>
      {/* Radios that wrap: four names do not fit a phone's width side by side. */}
      <Radio.Group
        label={t("campaigns.screen.sending.webhook.relay")}
        value={relay || "none"}
        onChange={(value) =>
          set("relay", value === "none" ? "" : (value as SenderForm["webhook"]["relay"]))
        }
        data-testid="webhook-relay"
      >
        <Group gap="md" mt={6} wrap="wrap">
          {(["none", ...siteWebhookRelays] as const).map((value) => (
            <Radio
              key={value}
              value={value}
              label={t(`campaigns.screen.sending.webhook.relays.${value}`)}
            />
          ))}
        </Group>
      </Radio.Group>
      {relay ? (
        <>
          <PasswordInput
            label={t(`campaigns.screen.sending.webhook.key.${relay}`)}
            description={
              kept
                ? t("campaigns.screen.sending.webhook.keySaved")
                : t(`campaigns.screen.sending.webhook.keyHelp.${relay}`)
            }
            placeholder={kept ? "••••••••" : undefined}
            autoComplete="off"
            spellCheck={false}
            value={webhook.key}
            error={errorAt("webhook.key")}
            onChange={(event) => set("key", event.currentTarget.value)}
            maw={560}
            data-testid="webhook-key"
          />
          <Stack gap={4} data-testid="webhook-address">
            <Text size="sm">{t("campaigns.screen.sending.webhook.address")}</Text>
            <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
              {`${view.webhook.endpoint}${relay}`}
            </Code>
            {relay === "postmark" ? (
              <Text size="xs" c="dimmed">
                {t("campaigns.screen.sending.webhook.addressPostmark")}
              </Text>
            ) : null}
          </Stack>
        </>
      ) : null}
    </Section>
  );
}
