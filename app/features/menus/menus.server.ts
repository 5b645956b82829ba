import { savablePart } from "~/features/options/options.server";
import { sanitizeUserHtml } from "~/platform/sanitize.server";
import { menusPart, type MenuItem, type MenusValue } from "./menus-option";

/** Menu items with every megamenu column's HTML sanitised (on save, and again on render). */
export function sanitiseMenuHtml(items: MenuItem[]): MenuItem[] {
  return items.map((item) => ({
    ...item,
    ...(item.mega_menu && {
      mega_menu: {
        ...item.mega_menu,
        columns: item.mega_menu.columns.map((c) => ({
          ...c,
          content: sanitizeUserHtml(c.content),
        })),
      },
    }),
    ...(item.children && { children: sanitiseMenuHtml(item.children) }),
  }));
}

export const sanitiseMenus = (menus: Partial<MenusValue> | undefined): MenusValue => ({
  header: sanitiseMenuHtml(menus?.header ?? []),
  mobile: sanitiseMenuHtml(menus?.mobile ?? []),
});

/** The menus as the options' one save stores them: every megamenu's HTML sanitised first. */
export const menusSavePart = savablePart(menusPart, sanitiseMenus);
