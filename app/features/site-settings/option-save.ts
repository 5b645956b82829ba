import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { z, type ZodError } from "zod";
import { optionSchemas, type OptionKey } from "~/features/options/validation";

const footerFields = [
  "footer_style",
  "footer_columns",
  "footer_bottom",
  "footer_bottom_links",
] as const;
const footerNoticeFields = ["enable_footer_notice", "footer_notice", "footer_notice_bg"] as const;
const pickOf = <const F extends string>(fields: readonly F[]) =>
  Object.fromEntries(fields.map((field) => [field, true])) as { [K in F]: true };

/**
 * What a settings section saves: a whole option (theme), some top-level `fields` of an option
 * (the footer's columns; its notice), or one `field` of an option that other screens edit too
 * (the header's notices, misc's scripts). The server writes fields into the option as it is
 * stored at that moment, so each section changes only what it shows.
 */
export const settingsParts = {
  theme: { key: "theme", schema: optionSchemas.theme },
  footer: {
    key: "footer",
    fields: footerFields,
    schema: optionSchemas.footer.pick(pickOf(footerFields)),
  },
  footerNotice: {
    key: "footer",
    fields: footerNoticeFields,
    schema: optionSchemas.footer.pick(pickOf(footerNoticeFields)),
  },
  notices: { key: "header", field: "notices", schema: optionSchemas.header.shape.notices },
  scripts: { key: "misc", field: "scripts", schema: optionSchemas.misc.shape.scripts },
} as const satisfies Record<
  string,
  { key: OptionKey; field?: string; fields?: readonly string[]; schema: z.ZodType<unknown> }
>;

export type SettingsPart = keyof typeof settingsParts;
export type PartValue<P extends SettingsPart> = z.input<(typeof settingsParts)[P]["schema"]>;

/** The body of a settings screen's save (its route action). */
export const settingsSaveSchema = z.object({
  part: z.enum(Object.keys(settingsParts) as [SettingsPart, ...SettingsPart[]]),
  value: z.unknown(),
});

/** One rejected field: its path inside the part, and what the schema asked for. */
export type SettingsIssue = {
  path: string;
  code: string;
  origin?: string;
  minimum?: number;
  maximum?: number;
};

export type SettingsSaveAnswer =
  | { ok: true; part: SettingsPart }
  | { ok: false; part?: SettingsPart; code: string; issues: SettingsIssue[] };

/** A zod error as field issues; a field part's name (e.g. "notices") is cut from the paths. */
export function issuesOf(error: ZodError, field: string | null = null): SettingsIssue[] {
  return error.issues.map((issue) => {
    const [first, ...rest] = issue.path.map(String);
    const path = (field && first === field ? rest : [first, ...rest]).join(".");
    const bound = (value: unknown) =>
      typeof value === "number" || typeof value === "bigint" ? Number(value) : undefined;
    return {
      path,
      code: issue.code,
      // A type check of ours (a link, a colour, a font) names its message in params.origin.
      origin:
        "origin" in issue
          ? String(issue.origin)
          : issue.code === "custom" && typeof issue.params?.origin === "string"
            ? issue.params.origin
            : undefined,
      minimum: "minimum" in issue ? bound(issue.minimum) : undefined,
      maximum: "maximum" in issue ? bound(issue.maximum) : undefined,
    };
  });
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The translated message for one issue (the schema's own English text is never shown). */
export function issueMessage(t: Translate, issue: SettingsIssue): string {
  const base = "siteSettings.common.errors";
  if (issue.code === "too_big" && issue.maximum !== undefined)
    return issue.origin === "string"
      ? t(`${base}.tooLong`, { maximum: issue.maximum })
      : t(`${base}.tooBig`, { maximum: issue.maximum });
  if (issue.code === "too_small" && issue.minimum !== undefined)
    return issue.origin === "string"
      ? t(`${base}.required`)
      : t(`${base}.tooSmall`, { minimum: issue.minimum });
  if (issue.code === "invalid_value") return t(`${base}.choose`);
  if (issue.code === "custom" && issue.origin) return t(`${base}.${issue.origin}`);
  return t(`${base}.invalid`);
}

/** A check of the screen's own (beyond the schema), reported like a schema issue. */
export const customIssue = (
  path: string,
  message: "expireBeforeStart" | "noticeEmpty" | "colour",
): SettingsIssue => ({
  path,
  code: "custom",
  origin: message,
});

export type SaveStatus = "idle" | "saving" | "saved" | "invalid" | "failed";

/**
 * Saves one part through the screen's action (a fetcher, so the dashboard's loaders, theme
 * included, refresh after a save). The value is checked with the option's own schema first, so
 * most mistakes show at once beside their field; the server checks again.
 */
export function useSettingsSave<P extends SettingsPart>(part: P) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SettingsSaveAnswer>();
  const [issues, setIssues] = useState<SettingsIssue[]>([]);
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

  function save(value: PartValue<P>, extra: SettingsIssue[] = []): boolean {
    const checked = settingsParts[part].schema.safeParse(value);
    const found = [...(checked.success ? [] : issuesOf(checked.error)), ...extra];
    if (found.length > 0) {
      setIssues(found);
      setStatus("invalid");
      return false;
    }
    setIssues([]);
    setStatus("saving");
    void fetcher
      .submit({ part, value } as never, { method: "post", encType: "application/json" })
      .catch(() => setStatus("failed"));
    return true;
  }

  const dismissSaved = useCallback(() => setStatus((s) => (s === "saved" ? "idle" : s)), []);

  /** The issue of one field, if any (exact path). */
  const issueAt = (path: string) => issues.find((issue) => issue.path === path);

  /** The message to show under one field, if it has an issue. */
  const errorAt = (path: string) => {
    const issue = issueAt(path);
    return issue ? issueMessage(t, issue) : undefined;
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
