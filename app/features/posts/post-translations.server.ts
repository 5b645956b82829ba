import { and, asc, eq } from "drizzle-orm";
import { recordRevision } from "~/features/content/content.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { isLanguageCode, type LanguageCode } from "~/platform/i18n/languages";
import { draftColumns, draftOf, type PostRow } from "./editor-queries.server";
import type { PostLanguages, PostSaveAnswer } from "./post-editing";
import { posts } from "./tables.server";

/**
 * Translations (decision 025): a translation is a post of its own, tied to its original by
 * `translation_of`, so the editor, revisions, schedule and trash work on it unchanged. It
 * answers at its original's address, in the visitor's language or with `?lang=`.
 */

const translationsOf = (tx: Tx, { accountId, id }: { accountId: string; id: string }) =>
  tx
    .select({ id: posts.id, language: posts.language, status: posts.status })
    .from(posts)
    .where(and(eq(posts.accountId, accountId), eq(posts.translationOf, id)))
    .orderBy(asc(posts.language));

/** Where the editor's post stands among its languages. */
export async function postLanguages(
  tx: Tx,
  {
    accountId,
    post,
    siteLanguage,
  }: { accountId: string; post: PostRow; siteLanguage: LanguageCode },
): Promise<PostLanguages> {
  if (post.translationOf) {
    const [original] = await tx
      .select({ id: posts.id, title: posts.title })
      .from(posts)
      .where(and(eq(posts.accountId, accountId), eq(posts.id, post.translationOf)));
    return {
      siteLanguage,
      translationOf:
        original && isLanguageCode(post.language) ? { ...original, language: post.language } : null,
      translations: [],
    };
  }
  const rows = await translationsOf(tx, { accountId, id: post.id });
  return {
    siteLanguage,
    translationOf: null,
    translations: rows.flatMap(({ language, ...row }) =>
      isLanguageCode(language) ? [{ ...row, language }] : [],
    ),
  };
}

/**
 * Opens an original's version in `language`: the existing translation, or a new draft copy of
 * the original (same address, categories and tags; its writer is the one who asked) to
 * translate. The site's own language is the original's.
 */
export async function translatePost(
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
    original: PostRow;
    language: LanguageCode;
    siteLanguage: LanguageCode;
    author: { id: string; name: string } | null;
    now?: Date;
  },
): Promise<PostSaveAnswer> {
  if (original.translationOf || language === siteLanguage || original.status === "trashed")
    throw new AppError({ code: "request.invalid" });
  const id = await database.forAccount(accountId, async (tx) => {
    const [existing] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.accountId, accountId),
          eq(posts.translationOf, original.id),
          eq(posts.language, language),
        ),
      );
    if (existing) return existing.id;
    const draft = draftOf(original);
    const [copy] = await tx
      .insert(posts)
      .values({
        accountId,
        ...draftColumns(draft, original.slug),
        translationOf: original.id,
        language,
        status: "draft",
        authorId: author?.id ?? original.authorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: posts.id });
    await recordRevision(tx, {
      accountId,
      itemKind: "post",
      itemId: copy!.id,
      version: 1,
      author,
      snapshot: { ...draft },
      now,
    });
    return copy!.id;
  });
  return {
    ok: true,
    id: original.id,
    version: original.version,
    status: original.status,
    slug: original.slug,
    publishedAt: original.publishedAt?.toISOString() ?? null,
    goTo: `/dashboard/post/${id}`,
  };
}
