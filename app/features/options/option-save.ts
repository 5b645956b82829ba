import { useCallback, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useFetcher } from "react-router";
import { fieldIssueMessage, fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import type { OptionPart, PartValue, SettingsSaveAnswer } from "./options";

import type { SaveStatus } from "~/ui/settings/save-controls";

export type { SaveStatus };

/**
 * Saves one part through the screen's action (a fetcher, so the dashboard's loaders, theme
 * included, refresh after a save). The value is checked with the option's own schema first, so
 * most mistakes show at once beside their field; the server checks again.
 */
export function useSettingsSave<P extends OptionPart>(part: P) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SettingsSaveAnswer>();
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [savedAt, setSavedAt] = useState(0);
  const [answered, setAnswered] = useState<SettingsSaveAnswer | undefined>(undefined);

  // A new answer from the server, once its revalidation is done (adjusting state in render).
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer && answer !== answered) {
    setAnswered(answer);
    setIssues(answer.ok ? [] : answer.issues);
    setStatus(answer.ok ? "saved" : answer.issues.length > 0 ? "invalid" : "failed");
    if (answer.ok) setSavedAt((count) => count + 1);
  }

  function save(value: PartValue<P>, extra: FieldIssue[] = []): boolean {
    const checked = part.schema.safeParse(value);
    const found = [...(checked.success ? [] : fieldIssuesOf(checked.error)), ...extra];
    if (found.length > 0) {
      setIssues(found);
      setStatus("invalid");
      return false;
    }
    setIssues([]);
    setStatus("saving");
    void fetcher
      .submit({ part: part.name, value } as never, { method: "post", encType: "application/json" })
      .catch(() => setStatus("failed"));
    return true;
  }

  const dismissSaved = useCallback(() => setStatus((s) => (s === "saved" ? "idle" : s)), []);

  /** The issue of one field, if any (exact path). */
  const issueAt = (path: string) => issues.find((issue) => issue.path === path);

  /** The message to show under one field, if it has an issue. */
  const errorAt = (path: string) => {
    const issue = issueAt(path);
    return issue ? fieldIssueMessage(t, issue) : undefined;
  };

  return {
    save,
    status: fetcher.state !== "idle" ? ("saving" as const) : status,
    issues,
    issueAt,
    errorAt,
    /** Changes each time a save succeeds (the toast shows again). */
    savedAt,
    dismissSaved,
    clearIssue: (path: string) =>
      setIssues((current) =>
        current.some((issue) => issue.path === path)
          ? current.filter((issue) => issue.path !== path)
          : current,
      ),
  };
}
