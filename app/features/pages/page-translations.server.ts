import { languagesOf, openTranslation } from "~/features/content/content.server";
import type { ContentLanguages } from "~/features/content/content";
import type { Database, Tx } from "~/platform/db/database.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { pageColumns, pageDraftOf, type PageRow } from "./editor-queries.server";
import type { PageSaveAnswer } from "./page-editing";
import { pages } from "./tables.server";

/**
 * Translations of pages and docs, as posts' (decision 025): a translation is a page of its own
 * tied to its original, so the builder, revisions, schedule and trash work on it unchanged. It
 * answers at its original's address (`/{slug}` or `/docs/{slug}`) in the visitor's language.
 */

export const pageLanguages = (
  tx: Tx,
  args: { accountId: string; page: PageRow; siteLanguage: LanguageCode },
): Promise<ContentLanguages> =>
  languagesOf(tx, pages, {
    accountId: args.accountId,
    item: args.page,
    siteLanguage: args.siteLanguage,
  });

/**
 * Opens an original's version in `language`: the existing translation, or a new draft copy of
 * the original (same address, kind and blocks; its writer is the one who asked).
 */
export function translatePage(
  database: Database,
  {
    accountId,
    original,
    language,
    siteLanguage,
    author,
    now = new Date(),
  }: {
    accountId: string;
    original: PageRow;
    language: LanguageCode;
    siteLanguage: LanguageCode;
    author: { id: string; name: string };
    now?: Date;
  },
): Promise<PageSaveAnswer> {
  return openTranslation(database, pages, {
    accountId,
    itemKind: "page",
    original,
    language,
    siteLanguage,
    author,
    editorPath: "/dashboard/pages",
    now,
    async insertCopy(tx) {
      const draft = pageDraftOf(original);
      const [copy] = await tx
        .insert(pages)
        .values({
          accountId,
          ...pageColumns(draft, original.slug),
          translationOf: original.id,
          language,
          status: "draft",
          position: original.position,
          authorId: author.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: pages.id });
      return { id: copy!.id, snapshot: { ...draft } };
    },
  });
}
