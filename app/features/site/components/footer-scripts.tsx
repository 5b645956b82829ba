import { Alert, Stack, Textarea } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useSettingsSave } from "~/features/options/options";
import { scriptsPart } from "../site-option";
import { SaveControls } from "../../../ui/settings/save-controls";
import { SettingsSection } from "../../../ui/settings/settings-section";

/**
 * D16 the owner's custom scripts (misc.scripts, P13): HTML added to the end of every public
 * page — never to the dashboard, checkout or sign-in pages. Saved into misc as stored, so its
 * other settings (the analytics tag) stay.
 */
export function FooterScriptsEditor({ saved }: { saved: string }) {
  const { t } = useTranslation();
  const s = (key: string) => t(`siteSettings.footer.scripts.${key}`);
  const [draft, setDraft] = useState(saved);
  const saver = useSettingsSave(scriptsPart);

  function submit(event: FormEvent) {
    event.preventDefault();
    saver.save(draft);
  }

  return (
    <SettingsSection
      titleId="scripts-title"
      title={s("title")}
      description={s("text")}
      headingGap="md"
      onSubmit={submit}
      id="scripts"
      testId="scripts-editor"
    >
      <Stack gap="md">
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={16} aria-hidden />}
          title={s("warningTitle")}
          // Mantine's yellow on pale yellow is too faint to read (WCAG AA): plain text colour.
          styles={{ title: { color: "var(--mantine-color-text)" } }}
        >
          {s("warning")}
        </Alert>
        <Textarea
          label={s("label")}
          description={s("help")}
          autosize
          minRows={6}
          maxRows={20}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            saver.clearIssue("");
          }}
          error={saver.errorAt("")}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 } }}
          placeholder={'<script src="https://example.com/widget.js" defer></script>'}
        />
        <SaveControls
          status={saver.status}
          dirty={draft !== saved}
          saveLabel={s("save")}
          onReset={() => setDraft(saved)}
          toast={{ message: s("saved"), savedAt: saver.savedAt, onClose: saver.dismissSaved }}
        />
      </Stack>
    </SettingsSection>
  );
}
