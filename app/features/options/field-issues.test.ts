import { describe, expect, test } from "vitest";
import { footerOption, footerPart } from "~/features/footer/footer";
import { headerOption } from "~/features/header/header";
import { footerNoticePart } from "~/features/notices/notices";
import { themeOption } from "~/features/theme/theme";
import { fieldIssueMessage, fieldIssuesOf } from "~/platform/field-issues";

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

describe("D16 settings saves: schema issues as field messages", () => {
  test("paths are the value's own; `within` cuts a field part's name", () => {
    const header = headerOption.schema.safeParse({ notices: { header_notice_start: "soon" } });
    expect(fieldIssuesOf(header.error!, "notices")).toEqual([
      expect.objectContaining({ path: "header_notice_start", code: "invalid_type" }),
    ]);
    const theme = themeOption.schema.safeParse({ fontFamily: "x".repeat(201) });
    expect(fieldIssuesOf(theme.error!)).toEqual([
      expect.objectContaining({ path: "fontFamily", code: "too_big", maximum: 200 }),
    ]);
  });

  test("each issue has a translated message, never the schema's English", () => {
    const [tooLong] = fieldIssuesOf(
      themeOption.schema.safeParse({ fontFamily: "x".repeat(201) }).error!,
    );
    expect(fieldIssueMessage(t, tooLong!)).toBe(
      'siteSettings.common.errors.tooLong {"maximum":200}',
    );
    const [wide] = fieldIssuesOf(
      footerPart.schema.safeParse({
        footer_columns: [{ title: "A", type: "text", width: 13, data: "" }],
      }).error!,
    );
    expect(wide!.path).toBe("footer_columns.0.width");
    expect(fieldIssueMessage(t, wide!)).toBe('siteSettings.common.errors.tooBig {"maximum":12}');
    const [colour] = fieldIssuesOf(themeOption.schema.safeParse({ primaryColor: "lime" }).error!);
    expect(fieldIssueMessage(t, colour!)).toBe("siteSettings.common.errors.choose");
  });

  test("the footer's two parts split its fields between them", () => {
    expect([...footerPart.fields, ...footerNoticePart.fields].sort()).toEqual(
      Object.keys(footerOption.schema.shape).sort(),
    );
  });
});
