// The options feature's door for the rest of the app (client-safe): the storage keys, how a noun
// defines its option and the parts its editors save, and the editors' save hook.
import { z } from "zod";
import type { FieldIssue } from "~/platform/field-issues";

export { useSettingsSave, type SaveStatus } from "./option-save";

/** The keys the options table stores; each belongs to the feature that defines its schema. */
export const optionKeys = [
  "menus",
  "settings",
  "header",
  "footer",
  "theme",
  "misc",
  "dashboard",
  "bunnyCreds",
  "comments",
  "certificates",
  "messages",
  "gamification",
  "profiles",
] as const;
export type OptionKey = (typeof optionKeys)[number];

/** One stored option: its key and the schema its owner reads and writes it with. */
export type SiteOption<K extends OptionKey = OptionKey, S extends z.ZodType = z.ZodType> = {
  readonly key: K;
  readonly schema: S;
};

export const defineOption = <K extends OptionKey, S extends z.ZodType>(
  key: K,
  schema: S,
): SiteOption<K, S> => ({ key, schema });

export type OptionValue<O extends SiteOption> = z.output<O["schema"]>;

/**
 * What one editor saves: a whole option (`whole`), some top-level `fields` of an option (the
 * footer's columns; its notice), or one `field` of an option that other screens edit too (the
 * header's notices, misc's scripts). The save writes them into the option as stored at that
 * moment, so each editor changes only what it shows.
 */
export type OptionPart<S extends z.ZodType = z.ZodType> = {
  readonly name: string;
  readonly key: OptionKey;
  readonly schema: S;
  readonly field?: string;
  readonly fields?: readonly string[];
};

export const defineOptionPart = <const P extends OptionPart>(part: P): P => part;

export type PartValue<P extends OptionPart> = z.input<P["schema"]>;

/** The body of a settings screen's save (its route action, or the options API). */
export const settingsSaveSchema = z.object({ part: z.string().max(40), value: z.unknown() });

export type SettingsSaveAnswer =
  { ok: true; part: string } | { ok: false; part?: string; code: string; issues: FieldIssue[] };
