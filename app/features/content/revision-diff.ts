import { diffWords } from "diff";

/** A piece of a compared text: kept, inserted in the newer side, or deleted from the older. */
export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

export type FieldDiff = {
  key: string;
  label: string;
  changed: boolean;
  parts: DiffPart[];
  /** Words inserted and deleted, for the summary a screen reader hears first. */
  added: number;
  removed: number;
};

const blockEnd = /<\/(?:p|h[1-6]|li|blockquote|pre|tr|div|figure)>|<br\s*\/?>/gi;
const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": " ",
};

/**
 * Rich text as the words a reader sees: tags dropped, each block on its own line, the common
 * entities read back. For comparing only; never rendered as HTML.
 */
export function contentText(html: string): string {
  return html
    .replace(blockEnd, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => entities[entity]!)
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Two versions of some text fields compared word by word (jsdiff's `diffWords`). */
export function diffFields(
  before: Record<string, string>,
  after: Record<string, string>,
  fields: readonly { key: string; label: string }[],
): FieldDiff[] {
  return fields.map(({ key, label }) => {
    const older = before[key] ?? "";
    const newer = after[key] ?? "";
    const parts: DiffPart[] = diffWords(older, newer).map((change) => ({
      kind: change.added ? "added" : change.removed ? "removed" : "same",
      text: change.value,
    }));
    const count = (kind: DiffPart["kind"]) =>
      parts.filter((part) => part.kind === kind).reduce((sum, part) => sum + words(part.text), 0);
    return {
      key,
      label,
      changed: older !== newer,
      parts,
      added: count("added"),
      removed: count("removed"),
    };
  });
}
