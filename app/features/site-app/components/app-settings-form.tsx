import {
  Button,
  FileButton,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { errorKeyOf } from "~/platform/errors";
import { fieldIssueMessage } from "~/platform/field-issues";
import { SaveControls } from "~/ui/settings/save-controls";
import { SettingsSection } from "~/ui/settings/settings-section";
import settingsClasses from "~/ui/settings/settings.module.css";
import type { AppScreenData, AppSettings } from "../validation";
import { useSiteCommand } from "./use-site-command";

const accepted = "image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml";

/** The icon: a preview, an upload (stored at once, saved with the form), and its removal. */
function IconField({
  value,
  siteName,
  onChange,
}: {
  value: string | null;
  siteName: string;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function upload(file: File | null) {
    if (!file) return;
    setUploading(true);
    setFailed(false);
    const form = new FormData();
    form.append("variant", "icon");
    form.append("file", file);
    const res = await fetch("/api/account/branding/logo", { method: "POST", body: form }).catch(
      () => null,
    );
    setUploading(false);
    if (!res?.ok) {
      setFailed(true);
      return;
    }
    onChange(((await res.json()) as { url: string }).url);
  }

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Image
        src={value ?? "/app-icons/192.png"}
        alt={t("siteApp.identity.iconAlt", { site: siteName })}
        w={72}
        h={72}
        radius="md"
        fit="contain"
        data-testid="site-icon-preview"
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="site-icon-label">
          {t("siteApp.identity.icon")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("siteApp.identity.iconHelp")}
        </Text>
        <Group gap="xs">
          <FileButton onChange={upload} accept={accepted}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                loading={uploading}
                aria-describedby="site-icon-label"
              >
                {value ? t("siteApp.identity.replaceIcon") : t("siteApp.identity.uploadIcon")}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
              {t("siteApp.identity.removeIcon")}
            </Button>
          ) : null}
        </Group>
        {failed ? (
          <Text size="sm" className={settingsClasses.status} data-state="failed" role="alert">
            {t("siteApp.identity.uploadFailed")}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/**
 * The site's name, icon, language, currency and time zone, and its features within the plan:
 * one form, one save (the owner's rule and the plan are checked again on the server).
 */
export function AppSettingsForm({ data }: { data: AppScreenData }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AppSettings>(data.settings);
  const command = useSiteCommand();
  const dirty = JSON.stringify(draft) !== JSON.stringify(data.settings);
  const change = (patch: Partial<AppSettings>) => setDraft((current) => ({ ...current, ...patch }));
  const issue = (path: string) => {
    const found = command.issues.find((candidate) => candidate.path === path);
    return found ? fieldIssueMessage(t, found) : undefined;
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    command.send({ intent: "settings", value: draft });
  }

  const planName = data.planLabel ?? t("siteApp.features.noPlanName");
  return (
    <Stack gap="lg">
      <SettingsSection
        titleId="site-identity-title"
        id="site-identity"
        testId="site-identity"
        title={t("siteApp.identity.title")}
        description={t("siteApp.identity.description")}
        headingGap="md"
        onSubmit={submit}
      >
        <Stack gap="md">
          <TextInput
            label={t("siteApp.identity.name")}
            description={t("siteApp.identity.nameHelp")}
            value={draft.sitetitle}
            maxLength={120}
            required
            error={issue("sitetitle")}
            onChange={(event) => change({ sitetitle: event.currentTarget.value })}
          />
          <IconField
            value={draft.icon}
            siteName={draft.sitetitle}
            onChange={(icon) => change({ icon })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" style={{ alignItems: "end" }}>
            <Select
              label={t("siteApp.identity.language")}
              description={t("siteApp.identity.languageHelp")}
              data={data.languages}
              value={draft.defaultLanguage}
              allowDeselect={false}
              error={issue("defaultLanguage")}
              onChange={(value) =>
                value && change({ defaultLanguage: value as AppSettings["defaultLanguage"] })
              }
            />
            <Select
              label={t("siteApp.identity.currency")}
              description={t("siteApp.identity.currencyHelp")}
              data={data.currencies}
              value={draft.currency}
              searchable
              allowDeselect={false}
              error={issue("currency")}
              onChange={(value) => value && change({ currency: value })}
            />
            <Select
              label={t("siteApp.identity.timezone")}
              description={t("siteApp.identity.timezoneHelp")}
              data={data.timezones}
              value={draft.timezone}
              searchable
              limit={60}
              allowDeselect={false}
              error={issue("timezone") ? t("siteApp.identity.timezoneInvalid") : undefined}
              onChange={(value) => value && change({ timezone: value })}
            />
          </SimpleGrid>
        </Stack>
        <Stack gap="sm" mt="xl" id="site-features" data-testid="site-features">
          <div>
            <Text fw={600} id="site-features-title">
              {t("siteApp.features.title")}
            </Text>
            <Text size="sm" c="dimmed">
              {t("siteApp.features.description", { plan: planName })}
            </Text>
          </div>
          {data.features.map((feature) => (
            <Switch
              key={feature.name}
              label={t(`siteApp.features.names.${feature.name}`)}
              description={
                feature.inPlan
                  ? t(`siteApp.features.help.${feature.name}`)
                  : data.planLabel
                    ? t("siteApp.features.notInPlan", { plan: planName })
                    : t("siteApp.features.noPlan")
              }
              checked={feature.inPlan && draft.features.includes(feature.name)}
              disabled={!feature.inPlan}
              data-testid={`feature-${feature.name}`}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                change({
                  features: on
                    ? [...draft.features, feature.name]
                    : draft.features.filter((name) => name !== feature.name),
                });
              }}
            />
          ))}
        </Stack>
        {command.code && command.code !== "request.invalid" ? (
          <Text
            size="sm"
            className={settingsClasses.status}
            data-state="failed"
            role="alert"
            mt="md"
          >
            {t(errorKeyOf(command.code))}
          </Text>
        ) : null}
        <SaveControls
          status={command.code && command.code !== "request.invalid" ? "idle" : command.status}
          dirty={dirty}
          saveLabel={t("siteApp.save")}
          onReset={() => setDraft(data.settings)}
          toast={{
            message: t("siteApp.saved"),
            savedAt: command.savedAt,
            onClose: command.dismiss,
          }}
          mt="lg"
        />
      </SettingsSection>
    </Stack>
  );
}
