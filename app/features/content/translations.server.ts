import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { isLanguageCode, type LanguageCode } from "~/platform/i18n/languages";
import type { ContentLanguages } from "./content-languages";
import type { ContentSaveAnswer, ContentStatus } from "./editing";
import { recordRevision } from "./revisions.server";
import type { ContentKind } from "./tables.server";

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

/**
 * The languages each of these originals is also published in (a sitemap's hreflang
 * alternates): one query for a whole sitemap file, through the (account, translation_of,
 * language) index.
 */
export async function publishedTranslationLanguages(
  database: Database,
  table: PgTable,
  { accountId, ids }: { accountId: string; ids: string[] },
): Promise<Map<string, LanguageCode[]>> {
  const found = new Map<string, LanguageCode[]>();
  if (ids.length === 0) return found;
  const { rows } = await database.forAccount(accountId, (tx) =>
    tx.execute<{ original: string; language: string }>(sql`
      select translation_of as original, language from ${table}
       where account_id = ${accountId} and status = 'published'
         and translation_of = any(${`{${ids.join(",")}}`}::uuid[])
       order by language`),
  );
  for (const { original, language } of rows) {
    if (isLanguageCode(language)) found.set(original, [...(found.get(original) ?? []), language]);
  }
  return found;
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

type Original = {
  id: string;
  slug: string;
  version: number;
  status: ContentStatus;
  publishedAt: Date | null;
  translationOf: string | null;
};

/**
 * Opens an original's version in `language`: the existing translation, or a new draft copy of
 * the original made by `insertCopy` (the feature's columns) with its first revision. Refused
 * for a translation, the site's own language and an original in the trash. The answer leads
 * the editor to the version (`editorPath`/{id}).
 */
export async function openTranslation(
  database: Database,
  table: PgTable,
  {
    accountId,
    itemKind,
    original,
    language,
    siteLanguage,
    author,
    editorPath,
    now,
    insertCopy,
  }: {
    accountId: string;
    itemKind: ContentKind;
    original: Original;
    language: LanguageCode;
    siteLanguage: LanguageCode;
    author: { id: string; name: string } | null;
    editorPath: string;
    now: Date;
    /** Inserts the draft copy (translation_of, language and the original's content). */
    insertCopy: (tx: Tx) => Promise<{ id: string; snapshot: Record<string, unknown> }>;
  },
): Promise<ContentSaveAnswer> {
  if (original.translationOf || language === siteLanguage || original.status === "trashed")
    throw new AppError({ code: "request.invalid" });
  const id = await database.forAccount(accountId, async (tx) => {
    const existing = await translationIn(tx, table, {
      accountId,
      originalId: original.id,
      language,
    });
    if (existing) return existing;
    const copy = await insertCopy(tx);
    await recordRevision(tx, {
      accountId,
      itemKind,
      itemId: copy.id,
      version: 1,
      author,
      snapshot: copy.snapshot,
      now,
    });
    return copy.id;
  });
  return {
    ok: true,
    id: original.id,
    version: original.version,
    status: original.status,
    slug: original.slug,
    publishedAt: original.publishedAt?.toISOString() ?? null,
    goTo: `${editorPath}/${id}`,
  };
}
