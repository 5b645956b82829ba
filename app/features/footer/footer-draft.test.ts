import { describe, expect, test } from "vitest";
import { footerOption } from "./footer-option";
import { moved } from "~/ui/settings/moved";
import { footerDraftOf, footerGaps, footerValueOf } from "./footer-draft";

const footer = footerOption.schema.parse({
  footer_columns: [
    { title: "About", type: "text", width: 6, data: "A school." },
    { title: "Learn", type: "links", width: 6, data: [{ label: "Courses", url: "/course" }] },
  ],
  footer_bottom_links: [{ label: "Terms", url: "/terms" }],
});

describe("D16 the footer editor's draft", () => {
  test("a stored footer comes back unchanged from its draft", () => {
    expect(footerValueOf(footerDraftOf(footer))).toEqual(footer);
  });

  test("switching a column's type keeps the other content until saved, then stores one", () => {
    const draft = footerDraftOf(footer);
    const column = { ...draft.columns[1]!, type: "text" as const, text: "Now a text" };
    const value = footerValueOf({ ...draft, columns: [draft.columns[0]!, column] });
    expect(value.footer_columns[1]).toMatchObject({ type: "text", data: "Now a text" });
    expect(column.links).toHaveLength(1);
  });

  test("an emptied width is not a number, so the schema reports it beside the field", () => {
    const draft = footerDraftOf(footer);
    draft.columns[0]!.width = "";
    const result = footerOption.schema.safeParse(footerValueOf(draft));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["footer_columns", 0, "width"]);
  });

  test("gaps: an untitled column, a link without address, a notice on with no text", () => {
    const draft = footerDraftOf(footer);
    draft.columns[0]!.title = " ";
    draft.columns[1]!.links[0]!.url = "";
    draft.noticeOn = true;
    draft.notice = "";
    expect(footerGaps(draft).map((issue) => issue.path)).toEqual([
      "footer_columns.0.title",
      "footer_columns.1.data.0.url",
      "footer_notice",
    ]);
  });

  test("moving an item up or down, never past either end", () => {
    expect(moved(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b"], 0, -1)).toEqual(["a", "b"]);
  });
});
