import { publishedTranslationLanguages } from "~/features/content/content.server";
import { listCourses } from "~/features/courses/courses.server";
import { listLatestPosts } from "~/features/posts/posts.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { textIn } from "~/platform/i18n/messages.server";
import { defaultLanguage, isLanguageCode, type LanguageCode } from "~/platform/i18n/languages";
import { blocksToRender, dataNeeds, publishedBlocks } from "./block-html.server";
import type { CheckedBlock } from "./blocks";
import type { BlockData, BlockLabels } from "./components/blocks/list-blocks";
import {
  hasOwnPublishedPageIn,
  publishedPageBySlug,
  publishedPageList,
  publishedPageTranslations,
  publishedTitlesIn,
  type PageKind,
} from "./queries.server";
import { pages } from "./tables.server";
import { pageDataSchema } from "./validation";

export type { PageKind };
export * from "./page-editor.server";
export { reorderDocs } from "./docs-tree.server";
export * from "./editor-place.server";
export { comparePageRevisions, type ComparedPage } from "./page-revisions.server";

/** A published page or doc as its screen shows it: its blocks already rendered to HTML. */
export type PublishedPage = {
  /** The original's id, whichever version is shown. */
  id: string;
  /** The version's language when it is a translation; null for the original. */
  language: LanguageCode | null;
  /** The languages of the original's published translations. */
  translations: LanguageCode[];
  title: string;
  slug: string;
  description: string;
  /** SEO overrides (empty: the page's own title and description). */
  seo: { title?: string; description?: string; image?: string };
  /** Static HTML of the blocks (publishedBlocks), sanitised. */
  html: string;
  /** The first block stands as the page's `<h1>`. */
  blocksCarryTitle: boolean;
};

const blockLabelKeys: (keyof BlockLabels)[] = [
  "name",
  "email",
  "message",
  "signUp",
  "send",
  "noCourses",
  "noPosts",
  "video",
  "chooseForm",
];

/**
 * The markup of the site's forms a page's blocks name, by id (the forms that exist): given by
 * the route, which has the forms feature render them for its request (fresh stamps).
 */
export type FormsMarkup = (formIds: string[]) => Promise<Record<string, string>>;

/** What the blocks of a page read: its courses and posts, and their words in `lang`. */
export async function blockDataFor(
  database: Database,
  {
    accountId,
    blocks,
    lang,
    formsMarkup,
  }: { accountId: string; blocks: CheckedBlock[]; lang: LanguageCode; formsMarkup?: FormsMarkup },
): Promise<BlockData> {
  const needs = dataNeeds(blocks);
  const [courses, posts, forms] = await Promise.all([
    needs.courses ? listCourses(database, { accountId }) : [],
    needs.posts ? listLatestPosts(database, { accountId, limit: needs.posts }) : [],
    needs.formIds.length && formsMarkup ? formsMarkup(needs.formIds) : {},
  ]);
  return {
    forms,
    courses: courses.slice(0, needs.courses).map((course) => ({
      title: course.title,
      slug: course.slug,
      description: course.description,
      image: course.featuredImage.image ?? null,
    })),
    posts: posts.map((post) => ({ title: post.title, slug: post.slug, excerpt: post.excerpt })),
    labels: Object.fromEntries(
      blockLabelKeys.map((key) => [key, textIn(lang, `sitePages.blocks.${key}`)]),
    ) as BlockLabels,
  };
}

/**
 * What the builder's previews of course and post lists show (up to 12 of each), and the site's
 * forms (`forms`: their names for the form block's picker, their markup for its preview).
 */
export async function editorBlockData(
  database: Database,
  {
    accountId,
    lang,
    forms,
  }: {
    accountId: string;
    lang: LanguageCode;
    forms: { choices: { id: string; name: string }[]; markup: FormsMarkup };
  },
): Promise<BlockData> {
  const most = [
    { type: "CourseList", props: { id: "c", limit: 12 } },
    { type: "PostList", props: { id: "p", limit: 12 } },
    ...forms.choices.map((form) => ({
      type: "Form",
      props: { id: form.id, kind: "form", formId: form.id },
    })),
  ];
  const data = await blockDataFor(database, {
    accountId,
    blocks: blocksToRender(most),
    lang,
    formsMarkup: forms.markup,
  });
  return { ...data, formChoices: forms.choices };
}

/**
 * A published page (or doc) with its blocks rendered, or null. Blocks that do not fit their
 * schema (or that this version does not know) are skipped. A doc never answers as a plain
 * page, nor a page as a doc. `choose` picks one of its published translations to show
 * (decision 025), or null for the original.
 */
export async function getPage(
  database: Database,
  {
    accountId,
    slug,
    kind = "page",
    lang = defaultLanguage,
    choose,
    formsMarkup,
  }: {
    accountId: string;
    slug: string;
    kind?: PageKind;
    lang?: LanguageCode;
    choose?: (translations: LanguageCode[]) => LanguageCode | null;
    /** The markup of the page's form blocks (without it, they show nothing). */
    formsMarkup?: FormsMarkup;
  },
): Promise<PublishedPage | null> {
  const found = await database.forAccount(accountId, async (tx) => {
    const original = await publishedPageBySlug(tx, { accountId, slug, kind });
    if (!original) return null;
    const versions = choose
      ? await publishedPageTranslations(tx, { accountId, originalId: original.id })
      : [];
    const translations = versions.map((row) => row.language).filter(isLanguageCode);
    const wanted = choose?.(translations) ?? null;
    const shown = versions.find((row) => row.language === wanted) ?? original;
    return { original, page: shown, translations };
  });
  if (!found) return null;
  const { original, page, translations } = found;
  // Each block is checked on its own (checkBlocks): one that does not fit is skipped, not the page.
  // The static blocks render once per content; the course and post lists read live data.
  const content = (page.data as { content?: unknown } | null)?.content;
  const blocks = publishedBlocks({
    accountId,
    pageId: page.id,
    kind,
    lang,
    content: Array.isArray(content) ? content : [],
  });
  const data = await blockDataFor(database, { accountId, blocks: blocks.live, lang, formsMarkup });
  return {
    id: original.id,
    language: isLanguageCode(page.language) ? page.language : null,
    translations,
    title: page.title,
    slug: original.slug,
    description: page.description,
    seo: page.seo,
    html: blocks.render(data),
    blocksCarryTitle: blocks.headingIsTitle,
  };
}

/** A doc in the sidebar: `depth` 0 at the top level, its children right after it. */
export type DocLink = { title: string; slug: string; description: string; depth: number };

/**
 * The account's published docs as a tree in reading order (depth first, by position): the docs
 * sidebar and index. A doc under an unpublished one stands at the top level. With `language`,
 * each doc published in it is named in it.
 */
export function listDocs(
  database: Database,
  { accountId, language = null }: { accountId: string; language?: LanguageCode | null },
) {
  return database.forAccount(accountId, async (tx): Promise<DocLink[]> => {
    const originals = await publishedPageList(tx, { accountId, kind: "doc" });
    const translated = language
      ? await publishedTitlesIn(tx, { accountId, ids: originals.map((row) => row.id), language })
      : new Map<string, { title: string; description: string }>();
    const rows = originals.map((row) => ({ ...row, ...translated.get(row.id) }));
    const ids = new Set(rows.map((row) => row.id));
    const children = new Map<string | null, typeof rows>();
    for (const row of rows) {
      const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
      children.set(parent, [...(children.get(parent) ?? []), row]);
    }
    const out: DocLink[] = [];
    const walk = (parent: string | null, depth: number) => {
      for (const row of children.get(parent) ?? []) {
        out.push({ title: row.title, slug: row.slug, description: row.description, depth });
        if (depth < 8) walk(row.id, depth + 1);
      }
    };
    walk(null, 0);
    return out;
  });
}

/** Published pages of one kind (or all) in reading order, at most `limit`: for the sitemap. */
export function listPublishedPages(
  database: Database,
  { accountId, kind, limit }: { accountId: string; kind?: PageKind; limit?: number },
) {
  return database.forAccount(accountId, (tx) => publishedPageList(tx, { accountId, kind, limit }));
}

/** The languages each of these pages or docs is also published in (the sitemap's hreflang). */
export function pageTranslationLanguages(
  database: Database,
  scope: { accountId: string; ids: string[] },
) {
  return publishedTranslationLanguages(database, pages, scope);
}

/**
 * Whether the site has published a page of its own yet (issue 17's launch checklist): the
 * pages a new site starts with count once the owner has edited them.
 */
export function hasOwnPublishedPage(
  database: Database,
  { accountId }: { accountId: string },
): Promise<boolean> {
  return database.forAccount(accountId, (tx) => hasOwnPublishedPageIn(tx, { accountId }));
}

/** Inside the caller's transaction: a new page or doc, its blocks checked first. */
export async function addPage(tx: Tx, values: typeof pages.$inferInsert) {
  const [row] = await tx
    .insert(pages)
    .values({ ...values, data: pageDataSchema.parse(values.data) })
    .returning({ id: pages.id });
  return row!;
}
export { pagesUsingFile } from "./page-usage.server";
