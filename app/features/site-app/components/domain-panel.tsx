import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { DomainState } from "~/features/accounts/accounts";
import { errorKeyOf } from "~/platform/errors";
import { SettingsSection } from "~/ui/settings/settings-section";
import classes from "./site-app.module.css";
import { useSiteCommand } from "./use-site-command";

/** One field of the record, as a DNS host's form asks for it, with a button to copy it. */
function RecordField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.recordField}>
      <Text size="sm" fw={600} component="dt">
        {label}
      </Text>
      <Group component="dd" gap="xs" wrap="nowrap" align="center" className={classes.recordValue}>
        <Code data-testid={testId} className={classes.recordCode}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              variant="subtle"
              size="compact-xs"
              className={classes.copy}
              onClick={copy}
              aria-label={t("siteApp.domain.copy", { field: label })}
            >
              {copied ? t("siteApp.domain.copied") : t("siteApp.domain.copyShort")}
            </Button>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

/** The record to add: its type, name and value, each on a line of its own (any screen width). */
function RecordList({ claim }: { claim: NonNullable<DomainState["claim"]> }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="dl"
      className={classes.record}
      data-testid="domain-record"
    >
      <RecordField label={t("siteApp.domain.recordType")} value="TXT" />
      <RecordField
        label={t("siteApp.domain.recordName")}
        value={claim.recordName}
        testId="domain-record-name"
      />
      <RecordField
        label={t("siteApp.domain.recordValue")}
        value={claim.recordValue}
        testId="domain-record-value"
      />
    </Paper>
  );
}

/**
 * The custom domain: the site's own address, the verified domain (if any), and the way to a new
 * one — type it, add the TXT record it is given at the domain's DNS host, verify.
 */
export function DomainPanel({
  domain,
  platformAddress,
}: {
  domain: DomainState;
  platformAddress: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const command = useSiteCommand();
  const busy = command.status === "saving";
  const claim = domain.claim;
  const host = new URL(platformAddress).hostname;

  function submit(event: FormEvent) {
    event.preventDefault();
    command.send({ intent: "domain.claim", domain: typed });
  }

  return (
    <SettingsSection
      titleId="site-domain-title"
      id="site-domain"
      testId="site-domain"
      title={t("siteApp.domain.title")}
      description={t("siteApp.domain.description")}
      headingGap="md"
    >
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm">{t("siteApp.domain.platformAddress")}</Text>
          <Anchor href={platformAddress} size="sm" data-testid="platform-address">
            {host}
          </Anchor>
        </Group>
        {domain.domain ? (
          <Group gap="xs" data-testid="verified-domain">
            <Text size="sm">{t("siteApp.domain.customAddress")}</Text>
            <Text size="sm" fw={600}>
              {domain.domain}
            </Text>
            <Badge color="teal" variant="light">
              {t("siteApp.domain.verified")}
            </Badge>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              disabled={busy}
              onClick={() => command.send({ intent: "domain.remove" })}
            >
              {t("siteApp.domain.remove")}
            </Button>
          </Group>
        ) : null}
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={domain.domain ? t("siteApp.domain.newInput") : t("siteApp.domain.input")}
              description={t("siteApp.domain.inputHelp")}
              placeholder="school.example.com"
              value={typed}
              maxLength={253}
              autoCapitalize="none"
              spellCheck={false}
              style={{ flex: "1 1 240px" }}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <Button type="submit" variant="default" disabled={busy || !typed.trim()}>
              {t("siteApp.domain.claim")}
            </Button>
          </Group>
        </form>
        {claim ? (
          <Stack gap="sm" data-testid="domain-claim">
            <Text size="sm">{t("siteApp.domain.pending", { domain: claim.domain })}</Text>
            <RecordList claim={claim} />
            <Text size="sm" c="dimmed">
              {t("siteApp.domain.pointHelp", { domain: claim.domain, host })}
            </Text>
            <Group gap="sm">
              <Button loading={busy} onClick={() => command.send({ intent: "domain.verify" })}>
                {t("siteApp.domain.verify")}
              </Button>
              <Button
                variant="default"
                disabled={busy}
                onClick={() => command.send({ intent: "domain.cancel" })}
              >
                {t("siteApp.domain.cancel")}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {command.code ? (
          <Alert color="red" role="alert" title={t("siteApp.domain.refusedTitle")}>
            {t(errorKeyOf(command.code))}
          </Alert>
        ) : null}
        {command.status === "saved" && domain.domain && !claim ? (
          <Alert color="teal" role="status" data-testid="domain-saved">
            {t("siteApp.domain.answersAt", { domain: domain.domain })}
          </Alert>
        ) : null}
      </Stack>
    </SettingsSection>
  );
}
