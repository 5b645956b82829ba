import { Box, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useId, type CSSProperties } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CampaignBlock } from "../campaign-shapes";
import { fillMergeTags, type MergeValues } from "../merge-tags";

/** The mail's own light palette (as sent), whatever the dashboard's scheme. */
const palette = {
  page: "#f3f4f6",
  card: "#ffffff",
  ink: "#111827",
  muted: "#4b5563",
  line: "#e5e7eb",
  button: "#1971c2",
};
const font = "-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif";
const SAMPLE_EMAIL = "alex@example.com";

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * A sketch of the message as a reader sees it: the inbox line (subject and preview text), then
 * the blocks on a white card, merge tags filled with a sample reader's values. Not the mail
 * itself (that is MJML, made when it is sent); nothing in it is a live link.
 */
export function CampaignPreview({
  subject,
  subjectB = "",
  preheader,
  blocks,
}: {
  subject: string;
  /** An A/B test's second subject ("" without a test): then both inbox lines show, labelled. */
  subjectB?: string;
  preheader: string;
  blocks: CampaignBlock[];
}) {
  const { t } = useTranslation();
  const heading = useId();
  const sample: MergeValues = {
    email: SAMPLE_EMAIL,
    name: t("campaigns.screen.preview.sampleName"),
    fields: {},
  };
  const fill = (text: string) => fillMergeTags(text, sample);

  return (
    <Box
      component="section"
      aria-labelledby={heading}
      pos="sticky"
      top="var(--mantine-spacing-md)"
      data-testid="campaign-preview"
    >
      <Title order={3} size="h4" id={heading}>
        {t("campaigns.screen.preview.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("campaigns.screen.preview.help", { email: SAMPLE_EMAIL, name: sample.name })}
      </Text>
      {subjectB ? (
        <Stack gap="xs" mb="sm" data-testid="preview-subjects">
          {(
            [
              ["a", subject],
              ["b", subjectB],
            ] as const
          ).map(([variant, line]) => (
            <InboxLine
              key={variant}
              label={t(`campaigns.screen.report.ab.${variant}`)}
              subject={fill(line) || t("campaigns.screen.preview.noSubject")}
              preheader={fill(preheader)}
              testId={`preview-subject-${variant}`}
            />
          ))}
        </Stack>
      ) : (
        <InboxLine
          subject={fill(subject) || t("campaigns.screen.preview.noSubject")}
          preheader={fill(preheader)}
          testId="preview-subject-a"
          mb="sm"
        />
      )}
      <Paper radius="md" p="md" style={{ background: palette.page, fontFamily: font }}>
        <Stack
          gap={12}
          p="lg"
          style={{ background: palette.card, color: palette.ink, borderRadius: 8 }}
        >
          {blocks.length === 0 ? (
            <p style={{ margin: 0, color: palette.muted }}>{t("campaigns.screen.preview.empty")}</p>
          ) : (
            blocks.map((block, index) => <PreviewBlock key={index} block={block} fill={fill} />)
          )}
        </Stack>
        <p
          style={{
            margin: "16px 0 0",
            fontSize: 12,
            lineHeight: "18px",
            color: palette.muted,
            textAlign: "center",
          }}
        >
          {t("campaigns.screen.preview.footer")}
        </p>
      </Paper>
    </Box>
  );
}

/** The message as an inbox lists it; in an A/B test, labelled with the subject it shows. */
function InboxLine({
  label,
  subject,
  preheader,
  testId,
  mb,
}: {
  label?: string;
  subject: string;
  preheader: string;
  testId: string;
  mb?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" mb={mb} data-testid={testId}>
      {label ? (
        <Text size="xs" fw={700}>
          {label}
        </Text>
      ) : null}
      <Text fw={600} size="sm" lineClamp={1}>
        {subject}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {preheader}
      </Text>
    </Paper>
  );
}

const buttonStyle: CSSProperties = {
  display: "inline-block",
  background: palette.button,
  color: "#ffffff",
  borderRadius: 8,
  fontWeight: 600,
  padding: "10px 25px",
};

/** One block, drawn as the mail draws it. */
function PreviewBlock({ block, fill }: { block: CampaignBlock; fill: (text: string) => string }) {
  switch (block.type) {
    case "heading":
      return (
        <div style={{ fontSize: 24, lineHeight: "32px", fontWeight: 700 }}>{fill(block.text)}</div>
      );
    case "text":
      return (
        <div style={{ fontSize: 16, lineHeight: "24px" }}>
          {paragraphs(fill(block.text)).map((part, index) => (
            <p key={index} style={{ margin: "0 0 12px", whiteSpace: "pre-line" }}>
              {part}
            </p>
          ))}
        </div>
      );
    case "button":
      return (
        <div style={{ textAlign: "center" }}>
          <span style={buttonStyle}>{fill(block.label)}</span>
        </div>
      );
    case "image":
      // Only a whole address is fetched: not every prefix of one as the owner types it.
      return /^https?:\/\/[^/\s]+\.[^/\s]+/.test(block.src) ? (
        <img
          src={block.src}
          alt={fill(block.alt)}
          style={{ display: "block", maxWidth: "100%", height: "auto", margin: "0 auto" }}
        />
      ) : (
        <div
          style={{
            background: palette.line,
            color: palette.muted,
            borderRadius: 4,
            padding: 24,
            textAlign: "center",
            fontSize: 14,
          }}
        >
          <IconPhoto size={24} aria-hidden style={{ display: "block", margin: "0 auto" }} />
          {fill(block.alt)}
        </div>
      );
    case "divider":
      return <hr style={{ border: 0, borderTop: `1px solid ${palette.line}`, margin: 0 }} />;
  }
}
