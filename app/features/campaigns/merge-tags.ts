/*
 * Merge tags: `{{first_name}}`, `{{email}}`, a contact's custom field `{{city}}`, each with an
 * optional fallback for a contact who has no value: `{{first_name | there}}`. A tag that names
 * nothing known becomes its fallback (or nothing), never the raw braces in a reader's inbox.
 */

/** What one recipient's message is filled in with. */
export type MergeValues = {
  email: string;
  name: string;
  fields: Record<string, string>;
  /** Links the engine adds per recipient (`unsubscribe_url`, `preferences_url`). */
  links?: Record<string, string>;
};

export const tagPattern = /\{\{\s*([a-z][a-z0-9_]{0,39})\s*(?:\|([^{}]{0,200}))?\}\}/g;

function valueOf(tag: string, values: MergeValues): string {
  if (tag === "email") return values.email;
  if (tag === "name") return values.name;
  if (tag === "first_name") return values.name.trim().split(/\s+/)[0] ?? "";
  if (tag === "last_name") return values.name.trim().split(/\s+/).slice(1).join(" ");
  return values.links?.[tag] ?? values.fields[tag] ?? "";
}

/**
 * Fills every tag of `template`. `escape` is applied to the values (not to the fallbacks, which
 * were part of the template and escaped with it).
 */
export function fillMergeTags(
  template: string,
  values: MergeValues,
  escape: (value: string) => string = (value) => value,
): string {
  return template.replace(tagPattern, (_all, tag: string, fallback: string | undefined) => {
    const value = valueOf(tag, values).trim();
    return value ? escape(value) : (fallback ?? "").trim();
  });
}

/** The tags a template uses, for the editor's hints and checks. */
export function mergeTagsIn(template: string): string[] {
  return [...new Set([...template.matchAll(tagPattern)].map((match) => match[1]!))];
}
