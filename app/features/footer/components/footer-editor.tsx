import { Divider, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { footerDraftOf, footerGaps, footerValueOf, type FooterDraft } from "../footer-draft";
import { useSettingsSave } from "~/features/options/options";
import { footerPart, type FooterValue } from "../footer-option";
import { FooterColumns } from "./footer-columns";
import { FooterLinks } from "./footer-links";
import { SaveControls } from "../../../ui/settings/save-controls";
import { SettingsSection } from "../../../ui/settings/settings-section";

/** The part of the footer this form saves (the notice has a form of its own). */
function columnsPart(draft: FooterDraft) {
  const { footer_style, footer_columns, footer_bottom, footer_bottom_links } = footerValueOf(draft);
  return { footer_style, footer_columns, footer_bottom, footer_bottom_links };
}

/** Only the issues of this form's fields (the notice's are shown by its own form). */
const isColumnsIssue = (path: string) => path.startsWith("footer_") && path !== "footer_notice";

/**
 * D16 footer screen, first section: the footer's columns and its bottom bar (text and links).
 */
export function FooterEditor({ saved, siteName }: { saved: FooterValue; siteName: string }) {
  const { t } = useTranslation();
  const f = (key: string, options?: Record<string, unknown>) =>
    t(`siteSettings.footer.${key}`, options);
  const [draft, setDraft] = useState(() => footerDraftOf(saved));
  const saver = useSettingsSave(footerPart);
  const dirty =
    JSON.stringify(columnsPart(draft)) !== JSON.stringify(columnsPart(footerDraftOf(saved)));
  const { errorAt } = saver;
  const change = (patch: Partial<FooterDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    saver.save(
      columnsPart(draft),
      footerGaps(draft).filter((issue) => isColumnsIssue(issue.path)),
    );
  }

  return (
    <SettingsSection
      titleId="footer-form-title"
      title={f("columnsTitle")}
      description={f("columnsText")}
      headingGap="lg"
      onSubmit={submit}
      testId="footer-editor"
    >
      <Stack gap="lg">
        <FooterColumns
          columns={draft.columns}
          onChange={(columns) => change({ columns })}
          errorAt={errorAt}
        />
        <Divider />
        <div>
          <Title order={3} size="h4">
            {f("bottomTitle")}
          </Title>
          <Text size="sm" c="dimmed">
            {f("bottomText")}
          </Text>
        </div>
        <TextInput
          label={f("bottomLine")}
          description={f("bottomLineHelp", { name: siteName })}
          placeholder={`© ${siteName}`}
          value={draft.bottom}
          onChange={(event) => change({ bottom: event.currentTarget.value })}
          error={errorAt("footer_bottom")}
        />
        <FooterLinks
          title={f("bottomLinks")}
          links={draft.bottomLinks}
          onChange={(bottomLinks) => change({ bottomLinks })}
          path="footer_bottom_links"
          errorAt={errorAt}
          testId="footer-bottom-links"
        />
        <SaveControls
          status={saver.status}
          dirty={dirty}
          saveLabel={f("save")}
          onReset={() => setDraft(footerDraftOf(saved))}
          toast={{ message: f("saved"), savedAt: saver.savedAt, onClose: saver.dismissSaved }}
        />
      </Stack>
    </SettingsSection>
  );
}
