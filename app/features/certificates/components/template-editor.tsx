import {
  Box,
  Button,
  ColorInput,
  Grid,
  Group,
  Image,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Suspense, useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { MediaPicker } from "~/features/media/media";
import { useSettingsSave } from "~/features/options/options";
import { SaveControls } from "~/ui/settings/save-controls";
import { certificateTemplatePart, type CertificateTemplate } from "../certificate-option";

/** The certificate as the PDF lays it out, drawn in HTML for the live preview. */
export function CertificatePreview({
  template,
  siteName,
  siteLogo,
}: {
  template: CertificateTemplate;
  siteName: string;
  siteLogo: string;
}) {
  const { t } = useTranslation();
  const p = (key: string) => t(`certificates.pdf.${key}`);
  const logo = template.logo || siteLogo;
  const ink = /^#[0-9a-fA-F]{6}$/.test(template.text) ? template.text : "#212529";
  const accent = /^#[0-9a-fA-F]{6}$/.test(template.accent) ? template.accent : "#1c7ed6";
  return (
    <Box
      data-testid="certificate-preview"
      role="img"
      aria-label={t("certificates.template.previewLabel")}
      style={{
        aspectRatio: "297 / 210",
        background: "#ffffff",
        color: ink,
        border: `8px solid ${accent}`,
        outline: `1px solid ${accent}`,
        outlineOffset: -14,
        padding: "4% 6%",
        fontFamily: "Georgia, 'Times New Roman', serif",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        textAlign: "center",
        containerType: "inline-size",
      }}
    >
      {logo ? <img src={logo} alt="" style={{ maxHeight: "9cqw", maxWidth: "30cqw" }} /> : null}
      <div style={{ fontSize: "1.6cqw", letterSpacing: 1, marginTop: "1cqw" }}>
        {siteName.toUpperCase()}
      </div>
      <div style={{ fontSize: "4.4cqw", fontWeight: 700, color: accent, marginTop: "2cqw" }}>
        {template.title || p("title")}
      </div>
      <div style={{ fontSize: "1.9cqw", fontStyle: "italic", marginTop: "3cqw" }}>
        {p("certifies")}
      </div>
      <div
        style={{
          fontSize: "4cqw",
          fontWeight: 700,
          borderBottom: `1px solid ${accent}`,
          padding: "0 4cqw",
        }}
      >
        {t("certificates.template.sampleName")}
      </div>
      <div style={{ fontSize: "1.9cqw", fontStyle: "italic", marginTop: "1.5cqw" }}>
        {p("completed")}
      </div>
      <div style={{ fontSize: "3cqw", fontWeight: 700, color: accent }}>
        {t("certificates.template.sampleCourse")}
      </div>
      <div
        style={{
          marginTop: "auto",
          width: "100%",
          display: "flex",
          justifyContent: "space-between",
          alignItems: "flex-end",
          fontSize: "1.5cqw",
        }}
      >
        <div style={{ width: "28%", borderTop: `1px solid ${ink}`, paddingTop: "0.5cqw" }}>
          {p("issuedOn")}
        </div>
        <div style={{ fontSize: "1.2cqw", color: "#495057" }}>
          {p("verifyAt")} …/certificates/ABCD-…
        </div>
        <div style={{ width: "28%" }}>
          {template.signatureImage ? (
            <img
              src={template.signatureImage}
              alt=""
              style={{ maxHeight: "6cqw", maxWidth: "100%" }}
            />
          ) : (
            <div style={{ fontStyle: "italic", fontSize: "2.6cqw" }}>{template.signatureName}</div>
          )}
          <div style={{ borderTop: `1px solid ${ink}`, paddingTop: "0.5cqw" }}>
            {[template.signatureName, template.signatureTitle].filter(Boolean).join(", ")}
          </div>
        </div>
      </div>
    </Box>
  );
}

type ImageField = "logo" | "signatureImage";

/**
 * The owner's certificate template (the certificates add-on): title, logo and signature from the
 * media library, the accent and text colours, the signer's name and title, and a live preview.
 */
export function CertificateTemplateEditor({
  saved,
  siteName,
  siteLogo,
}: {
  saved: CertificateTemplate;
  siteName: string;
  siteLogo: string;
}) {
  const { t } = useTranslation();
  const c = (key: string) => t(`certificates.template.${key}`);
  const [draft, setDraft] = useState(saved);
  const [picking, setPicking] = useState<ImageField | null>(null);
  const saver = useSettingsSave(certificateTemplatePart);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = <K extends keyof CertificateTemplate>(key: K, value: CertificateTemplate[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    saver.clearIssue(key);
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    saver.save({
      ...draft,
      title: draft.title.trim(),
      signatureName: draft.signatureName.trim(),
      signatureTitle: draft.signatureTitle.trim(),
    });
  }
  const imageField = (field: ImageField, label: string, help: string) => (
    <Stack gap={4}>
      <TextInput
        label={label}
        description={help}
        value={draft[field]}
        onChange={(event) => set(field, event.currentTarget.value)}
        error={saver.errorAt(field)}
      />
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => setPicking(field)}>
          {c("choose")}
        </Button>
        {draft[field] ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => set(field, "")}>
            {c("remove")}
          </Button>
        ) : null}
        {draft[field] && !saver.errorAt(field) ? (
          <Image src={draft[field]} alt="" h={32} w="auto" fit="contain" />
        ) : null}
      </Group>
    </Stack>
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="certificate-template-title">
      <Title order={2} size="h3" id="certificate-template-title" mb="xs">
        {c("heading")}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {c("intro")}
      </Text>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <TextInput
              label={c("titleField")}
              placeholder={t("certificates.pdf.title")}
              value={draft.title}
              onChange={(event) => set("title", event.currentTarget.value)}
              error={saver.errorAt("title")}
            />
            {imageField("logo", c("logo"), c("logoHelp"))}
            <ColorInput
              label={c("accent")}
              format="hex"
              withEyeDropper={false}
              value={draft.accent}
              onChange={(value) => set("accent", value)}
              error={saver.errorAt("accent")}
            />
            <ColorInput
              label={c("text")}
              format="hex"
              withEyeDropper={false}
              value={draft.text}
              onChange={(value) => set("text", value)}
              error={saver.errorAt("text")}
            />
            <TextInput
              label={c("signatureName")}
              value={draft.signatureName}
              onChange={(event) => set("signatureName", event.currentTarget.value)}
              error={saver.errorAt("signatureName")}
            />
            <TextInput
              label={c("signatureTitle")}
              value={draft.signatureTitle}
              onChange={(event) => set("signatureTitle", event.currentTarget.value)}
              error={saver.errorAt("signatureTitle")}
            />
            {imageField("signatureImage", c("signatureImage"), c("signatureImageHelp"))}
            <SaveControls
              status={saver.status}
              dirty={dirty}
              saveLabel={c("save")}
              onReset={() => setDraft(saved)}
              toast={{ message: c("saved"), savedAt: saver.savedAt, onClose: saver.dismissSaved }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Text fw={600} mb="xs">
            {c("preview")}
          </Text>
          <CertificatePreview template={draft} siteName={siteName} siteLogo={siteLogo} />
        </Grid.Col>
      </Grid>
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            opened
            onClose={() => setPicking(null)}
            kind="image"
            scope="all"
            onPick={(item) => {
              set(picking, item.url);
              setPicking(null);
            }}
          />
        </Suspense>
      ) : null}
    </form>
  );
}
