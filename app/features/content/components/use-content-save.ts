import { useEffect, useRef, useState } from "react";
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

type Request = { body: (saved: Saved) => object; intent: SaveIntent | ContentCommand["intent"] };

/**
 * The editor's one transport: saves and commands go to the screen's action as JSON (a fetcher,
 * so the loader's revisions refresh). Keeps the version the next save must name, moves a new
 * item to its own address (`editorPath`/{id}) after its first save, and follows a command to
 * where it leads. Posts and pages send their draft under their own name (`field`).
 *
 * One request at a time: one asked for while another is under way (Publish pressed during an
 * autosave) waits for its answer and then goes to the item's own address with the version that
 * answer gave — sent at once, a new item's second save would make a second item, and an
 * existing item's would be refused as a conflict with the first.
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
  // The request waiting for the one under way (read by the effect below, not by rendering).
  const queue = useRef<Request | null>(null);
  const [waiting, setWaiting] = useState(false);
  // Sent, and not yet seen by the fetcher's state: a second click in that gap (a busy browser
  // renders late) must wait too, or a new item's two saves would make two items.
  const sentUnseen = useRef<{ answerBefore: unknown } | null>(null);
  useEffect(() => {
    const sent = sentUnseen.current;
    if (sent && (fetcher.state !== "idle" || fetcher.data !== sent.answerBefore))
      sentUnseen.current = null;
  }, [fetcher.state, fetcher.data]);

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

  const idle = fetcher.state === "idle" && (!fetcher.data || fetcher.data === handled);

  function send({ body, intent }: Request, current: Saved) {
    sentUnseen.current = { answerBefore: fetcher.data };
    setWaiting(false);
    setLastIntent(intent);
    setAnswer(null);
    void fetcher.submit(body(current) as never, {
      method: "post",
      encType: "application/json",
      // Once it has one, always the item's own address, even before the page has moved there.
      ...(current.id ? { action: `${editorPath}/${current.id}` } : {}),
    });
  }

  function ask(request: Request) {
    if (idle && !waiting && !sentUnseen.current) return send(request, saved);
    queue.current = request;
    setWaiting(true);
  }

  // Once the answer is in (and `saved` holds its id and version), the waiting request goes.
  useEffect(() => {
    const next = queue.current;
    if (!idle || !next || sentUnseen.current) return;
    queue.current = null;
    send(next, saved);
  });

  return {
    saved,
    answer,
    lastIntent,
    busy: !idle || waiting,
    save(
      intent: SaveIntent,
      draft: object,
      { publishAt, overwrite = false }: { publishAt?: string; overwrite?: boolean } = {},
    ) {
      ask({
        intent,
        body: (current) => ({
          intent,
          version: current.version,
          overwrite,
          publishAt,
          [field]: draft,
        }),
      });
    },
    command(command: ContentCommand) {
      ask({ intent: command.intent, body: () => command });
    },
  };
}
