import { useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import type { LanguageCode } from "~/platform/i18n/languages";
import type { ContentSaveAnswer, ContentStatus, SaveIntent } from "../editing";

export type ContentCommand =
  | { intent: "trash" | "restore" | "deleteForever" | "duplicate" }
  | { intent: "restoreRevision"; revisionId: string; version: number }
  | { intent: "translate"; language: LanguageCode };

type Saved = {
  id: string | null;
  version: number;
  status: ContentStatus;
  publishedAt: string | null;
};

/**
 * The editor's one transport: saves and commands go to the screen's action as JSON (a fetcher,
 * so the loader's revisions refresh). Keeps the version the next save must name, moves a new
 * item to its own address (`editorPath`/{id}) after its first save, and follows a command to
 * where it leads. Posts and pages send their draft under their own name (`field`).
 */
export function useContentSave(
  initial: Saved,
  { editorPath, field }: { editorPath: string; field: string },
) {
  const fetcher = useFetcher<ContentSaveAnswer>();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(initial);
  const [answer, setAnswer] = useState<ContentSaveAnswer | null>(null);
  const [lastIntent, setLastIntent] = useState<SaveIntent | ContentCommand["intent"] | null>(null);
  const [handled, setHandled] = useState<ContentSaveAnswer | undefined>(undefined);
  const [goTo, setGoTo] = useState<{ to: string; editor?: string } | null>(null);

  // A new answer, once its revalidation is done (adjusting state in render, once per answer).
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  if (data && data !== handled) {
    setHandled(data);
    setAnswer(data);
    if (data.ok) {
      setSaved({
        id: data.id,
        version: data.version,
        status: data.status,
        publishedAt: data.publishedAt,
      });
      // The same editor goes on (focus, cursor and all) at a new post's own address.
      if (data.goTo) setGoTo({ to: data.goTo });
      else if (!saved.id) setGoTo({ to: `${editorPath}/${data.id}`, editor: "new" });
    }
  }

  useEffect(() => {
    if (!goTo) return;
    void navigate(goTo.to, goTo.editor ? { replace: true, state: { editor: goTo.editor } } : {});
  }, [goTo, navigate]);

  function send(body: object, intent: SaveIntent | ContentCommand["intent"]) {
    setLastIntent(intent);
    setAnswer(null);
    void fetcher.submit(body as never, { method: "post", encType: "application/json" });
  }

  return {
    saved,
    answer,
    lastIntent,
    busy: fetcher.state !== "idle",
    save(
      intent: SaveIntent,
      draft: object,
      { publishAt, overwrite = false }: { publishAt?: string; overwrite?: boolean } = {},
    ) {
      send({ intent, version: saved.version, overwrite, publishAt, [field]: draft }, intent);
    },
    command(command: ContentCommand) {
      send(command, command.intent);
    },
  };
}
