import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import { menusOption, type MenuItem } from "./menus-option";

export type MenuKind = "header" | "mobile";
export type Menus = Record<MenuKind, MenuItem[]>;

/** Problems per menu, item id and field ("label", "item_url", "columns", "columns.0.content"). */
export type MenuProblems = Record<MenuKind, Record<string, Record<string, string>>>;

/** The i18n key (under siteSettings.menu.errors) for a refused field. */
function messageFor(field: string, code: string): string {
  if (field === "label") return code === "too_big" ? "labelTooLong" : "label";
  if (field === "item_url") return code === "too_big" ? "urlTooLong" : "url";
  if (field === "columns") return "columns";
  if (field === "columnCount" || /^columns\.\d+\.(colSpan|rowSpan)$/.test(field)) return "span";
  return "invalid";
}

/**
 * A refused path of the menus option ("header.0.children.1.label") as the item it belongs to and
 * the field inside it; null when the path does not lead to an item.
 */
export function locateIssue(
  menus: Menus,
  path: (string | number)[],
): { kind: MenuKind; id: string; field: string } | null {
  const [kind, ...rest] = path.map(String);
  if (kind !== "header" && kind !== "mobile") return null;
  let list: MenuItem[] | undefined = menus[kind];
  let item: MenuItem | undefined;
  let index = 0;
  while (list && index < rest.length && /^\d+$/.test(rest[index]!)) {
    item = list[Number(rest[index])];
    index++;
    if (rest[index] === "children" && item?.children) {
      list = item.children;
      index++;
    } else break;
  }
  if (!item) return null;
  const field = rest
    .slice(index)
    .filter((part) => part !== "mega_menu")
    .join(".");
  return { kind, id: item.id, field: field || "label" };
}

const emptyProblems = (): MenuProblems => ({ header: {}, mobile: {} });

function add(problems: MenuProblems, kind: MenuKind, id: string, field: string, code: string) {
  const item = (problems[kind][id] ??= {});
  item[field] ??= messageFor(field, code);
}

/** Field problems from the server's answer (its zod issues) or the schema run in the browser. */
export function problemsFromIssues(menus: Menus, issues: FieldIssue[]): MenuProblems {
  const problems = emptyProblems();
  for (const issue of issues) {
    const at = locateIssue(menus, issue.path.split("."));
    if (at) add(problems, at.kind, at.id, at.field, issue.code);
  }
  return problems;
}

/**
 * What a person should fix before saving: the option's own schema, plus what the public site
 * needs to draw an item sensibly — a label, an address for a link, columns for a megamenu.
 */
export function checkMenus(menus: Menus): MenuProblems {
  const parsed = menusOption.schema.safeParse(menus);
  const problems = parsed.success
    ? emptyProblems()
    : problemsFromIssues(menus, fieldIssuesOf(parsed.error));
  const walk = (kind: MenuKind, items: MenuItem[]) => {
    for (const item of items) {
      if (!item.label.trim()) add(problems, kind, item.id, "label", "too_small");
      const type = item.item_type ?? "link";
      if (type === "link" && !item.item_url?.trim())
        add(problems, kind, item.id, "item_url", "too_small");
      if (type === "megamenu" && !item.mega_menu?.columns.length)
        add(problems, kind, item.id, "columns", "too_small");
      if (item.children) walk(kind, item.children);
    }
  };
  walk("header", menus.header);
  walk("mobile", menus.mobile);
  return problems;
}

export const problemCount = (problems: MenuProblems) =>
  Object.keys(problems.header).length + Object.keys(problems.mobile).length;

/**
 * The menus as they are stored: trimmed text, and only what each type uses (a label has no
 * address; only a megamenu keeps columns; the editor kept them meanwhile so that switching the
 * type back restores them).
 */
export function cleanMenu(items: MenuItem[]): MenuItem[] {
  return items.map((item) => {
    const type = item.item_type ?? "link";
    const clean: MenuItem = { id: item.id, label: item.label.trim(), item_type: type };
    const url = item.item_url?.trim();
    if (url && type !== "label") clean.item_url = url;
    if (type === "megamenu" && item.mega_menu) clean.mega_menu = item.mega_menu;
    if (item.children?.length) clean.children = cleanMenu(item.children);
    return clean;
  });
}

export const cleanMenus = (menus: Menus): Menus => ({
  header: cleanMenu(menus.header),
  mobile: cleanMenu(menus.mobile),
});
