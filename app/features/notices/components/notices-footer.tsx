import { Stack, Switch, Text, Textarea, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useSettingsSave } from "~/features/options/options";
import { customIssue } from "~/platform/field-issues";
import { footerNoticePart, type FooterNotice } from "../notices-option";
import { colourIssues, NoticeColour, NoticeStrip } from "./notices-fields";
import { SaveControls } from "../../../ui/settings/save-controls";

type Footer = FooterNotice;

const noticeOf = (footer: Footer): FooterNotice => ({
  enable_footer_notice: footer.enable_footer_notice,
  footer_notice: footer.footer_notice,
  footer_notice_bg: footer.footer_notice_bg,
});

/**
 * D16 the footer notice (P13): a band above the footer, on or off, with its text and colour.
 * Saved into the footer option as stored, so unsaved column edits are not sent with it.
 */
export function FooterNoticeEditor({ saved }: { saved: Footer }) {
  const { t } = useTranslation();
  const n = (key: string) => t(`siteSettings.notices.${key}`);
  const [draft, setDraft] = useState(() => noticeOf(saved));
  const saver = useSettingsSave(footerNoticePart);
  const value = { ...draft, footer_notice: draft.footer_notice.trim() };
  const dirty = JSON.stringify(value) !== JSON.stringify(noticeOf(saved));
  const { errorAt } = saver;
  const change = (patch: Partial<FooterNotice>, path: string) => {
    setDraft((current) => ({ ...current, ...patch }));
    saver.clearIssue(path);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    saver.save(value, [
      ...(value.enable_footer_notice && !value.footer_notice
        ? [customIssue("footer_notice", "noticeEmpty")]
        : []),
      ...colourIssues("footer_notice_bg", value.footer_notice_bg),
    ]);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="footer-notice-title"
      data-testid="footer-notice-editor"
    >
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id="footer-notice-title">
            {n("footerTitle")}
          </Title>
          <Text size="sm" c="dimmed">
            {n("footerText")}
          </Text>
        </div>
        <Switch
          label={n("footerEnable")}
          checked={draft.enable_footer_notice}
          onChange={(event) =>
            change({ enable_footer_notice: event.currentTarget.checked }, "footer_notice")
          }
        />
        <Textarea
          label={n("footerNotice")}
          autosize
          minRows={2}
          maxRows={5}
          value={draft.footer_notice}
          onChange={(event) =>
            change({ footer_notice: event.currentTarget.value }, "footer_notice")
          }
          error={errorAt("footer_notice")}
        />
        <NoticeColour
          label={n("footerBackground")}
          value={draft.footer_notice_bg}
          onChange={(footer_notice_bg) => change({ footer_notice_bg }, "footer_notice_bg")}
          error={errorAt("footer_notice_bg")}
        />
        <NoticeStrip
          kind="footer"
          text={draft.footer_notice}
          background={draft.footer_notice_bg}
          testId="footer-notice-preview"
        />
        <SaveControls
          status={saver.status}
          dirty={dirty}
          saveLabel={n("footerSave")}
          onReset={() => setDraft(noticeOf(saved))}
          toast={{ message: n("footerSaved"), savedAt: saver.savedAt, onClose: saver.dismissSaved }}
        />
      </Stack>
    </form>
  );
}
