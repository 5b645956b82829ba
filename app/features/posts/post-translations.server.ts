import { languagesOf, openTranslation } from "~/features/content/content.server";
import type { Database, Tx } from "~/platform/db/database.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { draftColumns, draftOf, type PostRow } from "./editor-queries.server";
import type { PostLanguages, PostSaveAnswer } from "./post-editing";
import { posts } from "./tables.server";

/**
 * Translations (decision 025): a translation is a post of its own, tied to its original by
 * `translation_of`, so the editor, revisions, schedule and trash work on it unchanged. It
 * answers at its original's address, in the visitor's language or with `?lang=`.
 */

/** Where the editor's post stands among its languages. */
export const postLanguages = (
  tx: Tx,
  args: { accountId: string; post: PostRow; siteLanguage: LanguageCode },
): Promise<PostLanguages> =>
  languagesOf(tx, posts, {
    accountId: args.accountId,
    item: args.post,
    siteLanguage: args.siteLanguage,
  });

/**
 * Opens an original's version in `language`: the existing translation, or a new draft copy of
 * the original (same address, categories and tags; its writer is the one who asked).
 */
export function translatePost(
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
  return openTranslation(database, posts, {
    accountId,
    itemKind: "post",
    original,
    language,
    siteLanguage,
    author,
    editorPath: "/dashboard/post",
    now,
    async insertCopy(tx) {
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
      return { id: copy!.id, snapshot: { ...draft } };
    },
  });
}
