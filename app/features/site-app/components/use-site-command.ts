import { useState } from "react";
import { useFetcher } from "react-router";
import type { SaveStatus } from "~/ui/settings/save-controls";
import type { SiteAppAnswer } from "../validation";

/**
 * Sends one JSON command to the screen's own action (a fetcher, so the screen's loaders, the
 * dashboard's shell included, refresh after it) and says what became of it: the status, the
 * refusal's catalogue code and field issues, and a count of successes (for the toast).
 */
export function useSiteCommand() {
  const fetcher = useFetcher<SiteAppAnswer>();
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [answered, setAnswered] = useState<SiteAppAnswer | undefined>(undefined);
  const [savedAt, setSavedAt] = useState(0);

  // A new answer, once its revalidation is done (adjusting state in render).
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer && answer !== answered) {
    setAnswered(answer);
    setStatus(answer.ok ? "saved" : answer.issues.length > 0 ? "invalid" : "failed");
    if (answer.ok) setSavedAt((count) => count + 1);
  }

  return {
    send(body: Record<string, unknown>) {
      setStatus("saving");
      void fetcher
        .submit(body as never, { method: "post", encType: "application/json" })
        .catch(() => setStatus("failed"));
    },
    status: fetcher.state !== "idle" ? ("saving" as const) : status,
    /** The refusal's catalogue code, while the last answer is one. */
    code: answered && !answered.ok && status !== "saving" ? answered.code : null,
    issues: answered && !answered.ok ? answered.issues : [],
    savedAt,
    dismiss: () => setStatus((current) => (current === "saved" ? "idle" : current)),
  };
}
