import type { FieldIssue } from "~/platform/field-issues";
import type { FooterValue } from "./footer-option";

/** A link row being edited; `key` only keeps React's rows apart. */
export type LinkDraft = { key: string; label: string; url: string };

/** A column being edited keeps both kinds of content, so switching type loses nothing. */
export type ColumnDraft = {
  key: string;
  title: string;
  type: "links" | "text";
  width: number | string;
  links: LinkDraft[];
  text: string;
};

export type FooterDraft = {
  style: string;
  columns: ColumnDraft[];
  bottom: string;
  bottomLinks: LinkDraft[];
  noticeOn: boolean;
  notice: string;
  noticeBg: string;
};

let counter = 0;
/** A key for a row added in the browser (stored rows use their position). */
export const newKey = (prefix: string) => `${prefix}-new-${++counter}`;

const linksOf = (links: { label: string; url: string }[], prefix: string): LinkDraft[] =>
  links.map((link, index) => ({ key: `${prefix}-${index}`, label: link.label, url: link.url }));

export function footerDraftOf(footer: FooterValue): FooterDraft {
  return {
    style: footer.footer_style,
    columns: footer.footer_columns.map((column, index) => ({
      key: `column-${index}`,
      title: column.title,
      type: column.type,
      width: column.width,
      links: Array.isArray(column.data) ? linksOf(column.data, `column-${index}-link`) : [],
      text: typeof column.data === "string" ? column.data : "",
    })),
    bottom: footer.footer_bottom,
    bottomLinks: linksOf(footer.footer_bottom_links, "bottom-link"),
    noticeOn: footer.enable_footer_notice,
    notice: footer.footer_notice,
    noticeBg: footer.footer_notice_bg,
  };
}

const plainLinks = (links: LinkDraft[]) =>
  links.map((link) => ({ label: link.label.trim(), url: link.url.trim() }));

/** The footer option as it will be stored. */
export function footerValueOf(draft: FooterDraft): FooterValue {
  return {
    footer_style: draft.style,
    footer_columns: draft.columns.map((column) => ({
      title: column.title.trim(),
      type: column.type,
      // An emptied number field is not a width: the schema says so beside the field.
      width: typeof column.width === "number" ? column.width : Number.NaN,
      data: column.type === "links" ? plainLinks(column.links) : column.text,
    })),
    footer_bottom: draft.bottom.trim(),
    footer_bottom_links: plainLinks(draft.bottomLinks),
    enable_footer_notice: draft.noticeOn,
    footer_notice: draft.notice.trim(),
    footer_notice_bg: draft.noticeBg,
  };
}

const required = (path: string): FieldIssue => ({
  path,
  code: "too_small",
  origin: "string",
  minimum: 1,
});

function emptyLinkFields(links: LinkDraft[], prefix: string): FieldIssue[] {
  return links.flatMap((link, index) => [
    ...(link.label.trim() ? [] : [required(`${prefix}.${index}.label`)]),
    ...(link.url.trim() ? [] : [required(`${prefix}.${index}.url`)]),
  ]);
}

/**
 * What the schema allows but the public footer could not show well: a column without a title
 * (an empty heading), a link without a label or address, a notice switched on with no text.
 */
export function footerGaps(draft: FooterDraft): FieldIssue[] {
  return [
    ...draft.columns.flatMap((column, index) => [
      ...(column.title.trim() ? [] : [required(`footer_columns.${index}.title`)]),
      ...(column.type === "links"
        ? emptyLinkFields(column.links, `footer_columns.${index}.data`)
        : []),
    ]),
    ...emptyLinkFields(draft.bottomLinks, "footer_bottom_links"),
    ...(draft.noticeOn && !draft.notice.trim() ? [required("footer_notice")] : []),
  ];
}
