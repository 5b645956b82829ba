import { describe, expect, test } from "vitest";
import { optionSchemas } from "~/features/options/validation";
import { issueMessage, issuesOf, settingsParts } from "./option-save";

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe("D16 settings saves: schema issues as field messages", () => {
  test("paths are the part's own: a field part's name is cut", () => {
    const header = optionSchemas.header.safeParse({ notices: { header_notice_start: "soon" } });
    expect(issuesOf(header.error!, "notices")).toEqual([
      expect.objectContaining({ path: "header_notice_start", code: "invalid_type" }),
    ]);
    const theme = optionSchemas.theme.safeParse({ fontFamily: "x".repeat(201) });
    expect(issuesOf(theme.error!)).toEqual([
      expect.objectContaining({ path: "fontFamily", code: "too_big", maximum: 200 }),
    ]);
  });

  test("each issue has a translated message, never the schema's English", () => {
    const [tooLong] = issuesOf(
      optionSchemas.theme.safeParse({ fontFamily: "x".repeat(201) }).error!,
    );
    expect(issueMessage(t, tooLong!)).toBe('siteSettings.common.errors.tooLong {"maximum":200}');
    const [wide] = issuesOf(
      settingsParts.footer.schema.safeParse({
        footer_columns: [{ title: "A", type: "text", width: 13, data: "" }],
      }).error!,
    );
    expect(wide!.path).toBe("footer_columns.0.width");
    expect(issueMessage(t, wide!)).toBe('siteSettings.common.errors.tooBig {"maximum":12}');
    const [colour] = issuesOf(optionSchemas.theme.safeParse({ primaryColor: "lime" }).error!);
    expect(issueMessage(t, colour!)).toBe("siteSettings.common.errors.choose");
  });

  test("the footer's two parts split its fields between them", () => {
    expect([...settingsParts.footer.fields, ...settingsParts.footerNotice.fields].sort()).toEqual(
      Object.keys(optionSchemas.footer.shape).sort(),
    );
  });
});
