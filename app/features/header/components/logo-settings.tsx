import {
  Button,
  FileButton,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  brandingSchema,
  logoSourceSchema,
  logoWidthPx,
  MAX_LOGO_WIDTH,
  MIN_LOGO_WIDTH,
  type Branding,
  type LogoVariant,
} from "../branding-validation";
import type { SaveStatus } from "~/ui/settings/save-controls";
import classes from "./header-editor.module.css";
import settingsClasses from "~/ui/settings/settings.module.css";
import { SaveControls } from "../../../ui/settings/save-controls";
import { SettingsSection } from "../../../ui/settings/settings-section";

type Field = keyof Branding;
const fieldOf: Record<LogoVariant, "logo" | "dark_logo"> = { light: "logo", dark: "dark_logo" };
const accepted = "image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml";

const errorKey = (field: Field) => (field === "logo_width" ? "width" : "url");

/** One logo: upload an image or give its address; remove it to fall back. */
function LogoField({
  variant,
  value,
  error,
  onChange,
}: {
  variant: LogoVariant;
  value: string | null;
  error?: string;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [uploadFailed, setUploadFailed] = useState(false);

  async function upload(file: File | null) {
    if (!file) return;
    setUploading(true);
    setUploadFailed(false);
    const form = new FormData();
    form.append("variant", variant);
    form.append("file", file);
    const res = await fetch("/api/account/branding/logo", { method: "POST", body: form }).catch(
      () => null,
    );
    setUploading(false);
    if (!res?.ok) {
      setUploadFailed(true);
      return;
    }
    const { url } = (await res.json()) as { url: string };
    onChange(url);
  }

  return (
    <Stack gap="xs">
      <TextInput
        label={t(`siteSettings.logo.${variant}`)}
        description={t(`siteSettings.logo.${variant}Help`)}
        placeholder={t("siteSettings.logo.urlPlaceholder")}
        value={value ?? ""}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value || null)}
      />
      <Group gap="xs">
        <FileButton onChange={upload} accept={accepted}>
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={uploading}>
              {t(`siteSettings.logo.upload.${variant}`)}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            {t(`siteSettings.logo.remove.${variant}`)}
          </Button>
        ) : null}
      </Group>
      {uploadFailed ? (
        <Text size="sm" className={settingsClasses.status} data-state="failed" role="alert">
          {t("siteSettings.logo.errors.upload")}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {t("siteSettings.logo.uploadHelp")}
        </Text>
      )}
    </Stack>
  );
}

/** The logo as the header draws it, on a light or a dark background; the title without one. */
function LogoPreview({
  scheme,
  src,
  width,
  siteTitle,
}: {
  scheme: "light" | "dark";
  src: string | null;
  width: number;
  siteTitle: string;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  // Only an address the site would accept is loaded; anything else is reported like a bad one.
  const usable = src !== null && logoSourceSchema.safeParse(src).success && broken !== src;
  return (
    <figure className={classes.logoFigure}>
      <div className={classes.logoPreview} data-scheme={scheme}>
        {usable ? (
          <img
            src={src}
            alt={t("siteSettings.logo.previewAlt", { title: siteTitle })}
            style={{ width, maxWidth: "100%", maxHeight: 64, objectFit: "contain" }}
            onError={() => setBroken(src)}
          />
        ) : (
          <span className={classes.logoTitle}>{siteTitle}</span>
        )}
      </div>
      <Text component="figcaption" size="xs" c="dimmed" mt={6}>
        {src && !usable
          ? t("siteSettings.logo.previewBroken")
          : t(`siteSettings.logo.preview.${scheme}`)}
      </Text>
    </figure>
  );
}

/**
 * D16 the logo, the dark theme's logo and the logo's width (account settings, not an option),
 * with both previews; saved through `PUT /api/account/branding`.
 */
export function LogoSettings({
  value,
  onChange,
  initial,
  siteTitle,
}: {
  value: Branding;
  onChange: (value: Branding) => void;
  initial: Branding;
  siteTitle: string;
}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<SaveStatus>("idle");

  const set = <K extends Field>(key: K, next: Branding[K]) => {
    onChange({ ...value, [key]: next });
    setErrors(({ [key]: _dropped, ...rest }) => rest);
    setState((current) => (current === "saved" ? "idle" : current));
  };

  const showIssues = (paths: string[]) => {
    const found: Partial<Record<Field, string>> = {};
    for (const path of paths) {
      const field = path.split(".")[0] as Field;
      if (field in value) found[field] = t(`siteSettings.logo.errors.${errorKey(field)}`);
    }
    setErrors(found);
    setState("invalid");
  };

  async function save() {
    const checked = brandingSchema.safeParse(value);
    if (!checked.success) {
      showIssues(checked.error.issues.map((issue) => issue.path.join(".")));
      return;
    }
    setState("saving");
    const res = await fetch("/api/account/branding", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(checked.data),
    }).catch(() => null);
    if (res?.ok) {
      const { branding } = (await res.json()) as { branding: Branding };
      setSaved(branding);
      onChange(branding);
      setErrors({});
      setState("saved");
      return;
    }
    const body = (await res?.json().catch(() => null)) as {
      error?: { details?: { path: string }[] };
    } | null;
    const details = body?.error?.details ?? [];
    if (details.length) showIssues(details.map((detail) => detail.path));
    else setState("failed");
  }

  const width = logoWidthPx(value.logo_width);
  const dirty = JSON.stringify(value) !== JSON.stringify(saved);
  return (
    <SettingsSection
      titleId="logo-settings"
      title={t("siteSettings.logo.title")}
      description={t("siteSettings.logo.description")}
      headingGap="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        {(["light", "dark"] as const).map((variant) => (
          <LogoField
            key={variant}
            variant={variant}
            value={value[fieldOf[variant]]}
            error={errors[fieldOf[variant]]}
            onChange={(next) => set(fieldOf[variant], next)}
          />
        ))}
      </SimpleGrid>
      <NumberInput
        mt="lg"
        maw={420}
        label={t("siteSettings.logo.width")}
        description={t("siteSettings.logo.widthHelp", { px: width })}
        error={errors.logo_width}
        value={value.logo_width ?? ""}
        placeholder={t("siteSettings.logo.widthDefault")}
        onChange={(next) => set("logo_width", typeof next === "number" ? next : null)}
        min={MIN_LOGO_WIDTH}
        max={MAX_LOGO_WIDTH}
        step={0.5}
        decimalScale={2}
        clampBehavior="none"
      />
      <Text size="sm" fw={600} mt="lg" mb="xs">
        {t("siteSettings.logo.previewTitle", { px: width })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LogoPreview scheme="light" src={value.logo} width={width} siteTitle={siteTitle} />
        <LogoPreview
          scheme="dark"
          src={value.dark_logo ?? value.logo}
          width={width}
          siteTitle={siteTitle}
        />
      </SimpleGrid>
      <SaveControls
        status={state}
        dirty={dirty}
        saveLabel={t("siteSettings.logo.save")}
        onSave={save}
        statusLine={{ scope: "logo", keys: "siteSettings.logo.status" }}
        mt="xl"
        gap="md"
      />
    </SettingsSection>
  );
}
