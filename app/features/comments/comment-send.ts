import type { FieldIssue } from "~/platform/field-issues";
import type { PublicComment } from "./comment-rules";

/** What the post's action answered a comment (its `comment` left out: the thread holds it). */
export type CommentAnswer =
  { ok: true; held: boolean } | { ok: false; code: string; issues?: FieldIssue[] };

export type CommentThread = { comments: PublicComment[]; count: number };

/** The thread's island name: the answer page is read back through its props. */
export const postCommentsIsland = "post-comments";

const failed: CommentAnswer = { ok: false, code: "comments.failed" };

type ThreadProps = Partial<CommentThread> & { answer?: CommentAnswer | null };

function propsOf(json: string | null | undefined): ThreadProps | null {
  try {
    return JSON.parse(json ?? "null") as ThreadProps | null;
  } catch {
    return null;
  }
}

/**
 * Sends a comment form to the post's own action, as the form would without script, and reads
 * the page it answers with (always a member's fresh render): the thread island's props carry
 * the action's answer and the thread as it now stands, the writer's held comment included.
 * A public page has no React Router in the browser to call the action for us (decision 048).
 */
export async function sendComment(
  path: string,
  form: HTMLFormElement,
): Promise<{ answer: CommentAnswer; thread: CommentThread | null }> {
  const response = await fetch(path, {
    method: "POST",
    body: new FormData(form),
    credentials: "same-origin",
  }).catch(() => null);
  if (!response) return { answer: failed, thread: null };
  const page = await response.text().catch(() => "");
  const island = new DOMParser()
    .parseFromString(page, "text/html")
    .querySelector(`[data-island="${postCommentsIsland}"]`);
  const props = propsOf(island?.getAttribute("data-props"));
  const thread =
    props?.comments && typeof props.count === "number"
      ? { comments: props.comments, count: props.count }
      : null;
  if (props?.answer) return { answer: props.answer, thread };
  // No thread in the answer: the page failed, or the limiter answered before the action did.
  const code = response.status === 429 ? "request.tooMany" : "comments.failed";
  return { answer: { ok: false, code }, thread };
}

/** The action's answer as the thread takes it: the new comment itself is in the thread. */
export const commentAnswerOf = (answer: CommentAnswer): CommentAnswer =>
  answer.ok
    ? { ok: true, held: answer.held }
    : { ok: false, code: answer.code, issues: answer.issues };
