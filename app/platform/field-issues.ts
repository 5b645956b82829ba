import type { ZodError } from "zod";

/**
 * One refused field, by its path inside the value ("footer_columns.0.width"), with what the
 * schema asked for. Every editor, API answer (`error.details`) and route action speaks this shape.
 */
export type FieldIssue = {
  path: string;
  code: string;
  origin?: string;
  minimum?: number;
  maximum?: number;
};

const bound = (value: unknown) =>
  typeof value === "number" || typeof value === "bigint" ? Number(value) : undefined;

/** A zod error as field issues; with `within`, that leading path segment is cut (a field part's name). */
export function fieldIssuesOf(error: ZodError, within: string | null = null): FieldIssue[] {
  return error.issues.map((issue) => {
    const [first, ...rest] = issue.path.map(String);
    const path = (within && first === within ? rest : [first, ...rest])
      .filter((segment) => segment !== undefined)
      .join(".");
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
export function fieldIssueMessage(t: Translate, issue: FieldIssue): string {
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

/** A check of a screen's own (beyond the schema), reported like a schema issue. */
export const customIssue = (
  path: string,
  message: "expireBeforeStart" | "noticeEmpty" | "colour",
): FieldIssue => ({ path, code: "custom", origin: message });
