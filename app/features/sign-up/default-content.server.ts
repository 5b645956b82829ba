import { footerOption } from "~/features/footer/footer";
import { headerOption } from "~/features/header/header";
import { menusOption } from "~/features/menus/menus";
import { writeFirstOption } from "~/features/options/options.server";
import { miscOption } from "~/features/site/site";
import { themeOption } from "~/features/theme/theme";
import { addPage } from "~/features/pages/pages.server";
import { addPost } from "~/features/posts/posts.server";
import type { Tx } from "~/platform/db/database.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { escapeHtml, translate } from "~/platform/mail/templates.server";

export type DefaultContent = (
  tx: Tx,
  site: { accountId: string; siteName: string; lang: LanguageCode },
) => Promise<void>;

/**
 * What a brand-new site starts with, in its own language: a menu, header, footer and theme, a
 * welcome post and an About page, so its first visitors see a real site and its owner has
 * something to edit rather than a blank page.
 */
export const writeDefaultContent: DefaultContent = async (tx, { accountId, siteName, lang }) => {
  const t = (key: string, vars: Record<string, string> = {}) =>
    translate(lang, `accountDefaults.${key}`, { siteName, ...vars });
  const links = [
    { id: "home", label: t("menu.home"), item_url: "/" },
    { id: "courses", label: t("menu.courses"), item_url: "/course" },
    { id: "blog", label: t("menu.blog"), item_url: "/blog" },
    { id: "about", label: t("menu.about"), item_url: "/about" },
  ];
  await writeFirstOption(tx, {
    accountId,
    option: menusOption,
    value: {
      header: links.map((link) => ({ ...link, item_type: "link" as const })),
      mobile: links.map((link) => ({ ...link, id: `m-${link.id}` })),
    },
  });
  await writeFirstOption(tx, {
    accountId,
    option: headerOption,
    value: {
      header_style: "solid",
      header_fix: true,
      header_fontsize: 15,
      header_darklight: true,
      header_search: true,
      header_cart: true,
      header_login: true,
      notices: {
        enable_header_notice: false,
        header_notice: "",
        header_notice_bg: "#4c6ef5",
        header_notice_start: null,
        header_notice_expire: null,
      },
    },
  });
  await writeFirstOption(tx, {
    accountId,
    option: footerOption,
    value: {
      footer_style: "columns",
      footer_columns: [
        { title: siteName, type: "text", width: 6, data: t("footer.about") },
        {
          title: t("footer.explore"),
          type: "links",
          width: 6,
          data: links.slice(1).map(({ label, item_url }) => ({ label, url: item_url })),
        },
      ],
      footer_bottom: t("footer.bottom", { year: String(new Date().getFullYear()) }),
      footer_bottom_links: [],
      enable_footer_notice: false,
      footer_notice: "",
      footer_notice_bg: "#f1f3f5",
    },
  });
  await writeFirstOption(tx, {
    accountId,
    option: themeOption,
    value: { bodyStyle: "full", primaryColor: "indigo" },
  });
  await writeFirstOption(tx, { accountId, option: miscOption, value: { scripts: "" } });

  const paragraphs = (keys: string[]) => keys.map((key) => `<p>${escapeHtml(t(key))}</p>`).join("");
  await addPost(tx, {
    accountId,
    title: t("post.title"),
    slug: "welcome",
    excerpt: t("post.excerpt"),
    content: paragraphs(["post.body1", "post.body2", "post.body3"]),
    status: "published",
    publishedAt: new Date(),
  });
  await addPage(tx, {
    accountId,
    title: t("about.title"),
    slug: "about",
    description: t("about.description"),
    status: "published",
    data: {
      root: { props: { title: t("about.title") } },
      // No heading first: the page then shows its title as the one top-level heading.
      content: [
        { type: "Text", props: { id: "text-1", text: t("about.text1") } },
        { type: "Heading", props: { id: "heading-2", text: t("about.heading2") } },
        { type: "Text", props: { id: "text-2", text: t("about.text2") } },
      ],
    },
  });
};
