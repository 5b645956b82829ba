import { Alert, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { issueMessage, useSettingsSave } from "../option-save";
import { WarningIcon } from "./footer-icons";
import { SaveControls } from "./option-save-status";

/**
 * D16 the owner's custom scripts (misc.scripts, P13): HTML added to the end of every public
 * page — never to the dashboard, checkout or sign-in pages. Saved into misc as stored, so its
 * other settings (the analytics tag) stay.
 */
export function FooterScriptsEditor({ saved }: { saved: string }) {
  const { t } = useTranslation();
  const s = (key: string) => t(`siteSettings.footer.scripts.${key}`);
  const [draft, setDraft] = useState(saved);
  const saver = useSettingsSave("scripts");
  const issue = saver.issueAt("");

  function submit(event: FormEvent) {
    event.preventDefault();
    saver.save(draft);
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "md", sm: "lg" }}
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="scripts-title"
      data-testid="scripts-editor"
      id="scripts"
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="scripts-title">
            {s("title")}
          </Title>
          <Text size="sm" c="dimmed">
            {s("text")}
          </Text>
        </div>
        <Alert
          color="yellow"
          icon={<WarningIcon />}
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
          error={issue ? issueMessage(t, issue) : undefined}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 } }}
          placeholder={'<script src="https://example.com/widget.js" defer></script>'}
        />
        <SaveControls
          saver={saver}
          saveLabel={s("save")}
          savedMessage={s("saved")}
          dirty={draft !== saved}
          onReset={() => setDraft(saved)}
        />
      </Stack>
    </Paper>
  );
}
