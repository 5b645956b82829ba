import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "~/platform/db/database.server";
import { isLanguageCode, type LanguageCode } from "~/platform/i18n/languages";
import type { ContentLanguages } from "./content-languages";
import type { ContentStatus } from "./editing";

/**
 * What translations of posts, pages and docs share (decision 025): each table has the same
 * `translation_of` and `language` columns beside `id`, `title` and `status`, so one query
 * serves them all, as `tablePublisher` does for their schedule.
 */

type Item = { id: string; translationOf: string | null; language: string | null };

/** Where the editor's item stands among its languages. */
export async function languagesOf(
  tx: Tx,
  table: PgTable,
  { accountId, item, siteLanguage }: { accountId: string; item: Item; siteLanguage: LanguageCode },
): Promise<ContentLanguages> {
  if (item.translationOf) {
    const { rows } = await tx.execute<{ id: string; title: string }>(sql`
      select id, title from ${table}
       where account_id = ${accountId} and id = ${item.translationOf}`);
    const original = rows[0];
    return {
      siteLanguage,
      translationOf:
        original && isLanguageCode(item.language)
          ? { id: original.id, title: original.title, language: item.language }
          : null,
      translations: [],
    };
  }
  const { rows } = await tx.execute<{ id: string; language: string; status: ContentStatus }>(sql`
    select id, language, status from ${table}
     where account_id = ${accountId} and translation_of = ${item.id}
     order by language`);
  return {
    siteLanguage,
    translationOf: null,
    translations: rows.flatMap(({ id, language, status }) =>
      isLanguageCode(language) ? [{ id, language, status }] : [],
    ),
  };
}

/** The id of an original's version in `language`, if it has one (in any state). */
export async function translationIn(
  tx: Tx,
  table: PgTable,
  { accountId, originalId, language }: { accountId: string; originalId: string; language: string },
): Promise<string | null> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    select id from ${table}
     where account_id = ${accountId} and translation_of = ${originalId} and language = ${language}`);
  return rows[0]?.id ?? null;
}

/** An original's translations, in any state (their revisions go when it is deleted for good). */
export async function translationIdsOf(
  tx: Tx,
  table: PgTable,
  { accountId, id }: { accountId: string; id: string },
): Promise<string[]> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    select id from ${table} where account_id = ${accountId} and translation_of = ${id}`);
  return rows.map((row) => row.id);
}

/**
 * A translation may be made of an original that is not in the trash, in a language other than
 * the site's; the caller then opens the existing version or copies the original.
 */
export const canTranslate = (
  original: { translationOf: string | null; status: ContentStatus },
  { language, siteLanguage }: { language: LanguageCode; siteLanguage: LanguageCode },
) => !original.translationOf && language !== siteLanguage && original.status !== "trashed";
