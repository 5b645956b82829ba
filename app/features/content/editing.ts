import type { FieldIssue } from "~/platform/field-issues";

/*
 * What the post and page editors share on both sides of the wire: the life of an item (draft,
 * scheduled, published, trashed) and the answer a save gives (decision 024). No zod here: the
 * editors' schemas (posts' and pages' `*-editing.ts`) are read by public pages, and importing
 * this feature's door from them would bring the rich-text editor along.
 */

export type ContentStatus = "draft" | "scheduled" | "published" | "trashed";

export const saveIntents = ["save", "autosave", "publish", "schedule", "unpublish"] as const;
export type SaveIntent = (typeof saveIntents)[number];

/** The state after a save's intent, and the date it goes (or went) live. */
export function nextState(
  intent: SaveIntent,
  current: { status: ContentStatus; publishedAt: Date | null } | null,
  { now, publishAt }: { now: Date; publishAt: Date | null },
): { status: ContentStatus; publishedAt: Date | null } {
  if (intent === "publish")
    return {
      status: "published",
      publishedAt: current?.status === "published" ? current.publishedAt : now,
    };
  if (intent === "schedule") return { status: "scheduled", publishedAt: publishAt };
  if (intent === "unpublish") return { status: "draft", publishedAt: null };
  return current
    ? { status: current.status, publishedAt: current.publishedAt }
    : { status: "draft", publishedAt: null };
}

/** What a save or command answers an editor. */
export type ContentSaveAnswer =
  | {
      ok: true;
      id: string;
      version: number;
      status: ContentStatus;
      slug: string;
      publishedAt: string | null;
      /** Set by commands that lead elsewhere (a duplicate opens the copy). */
      goTo?: string;
    }
  | {
      ok: false;
      code: string;
      issues: FieldIssue[];
      /** On `content.conflict`: the newer version someone else saved. */
      conflict?: { version: number; updatedAt: string; authorName: string };
    };
