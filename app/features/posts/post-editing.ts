import { z } from "zod";
import type {
  ContentLanguages,
  ContentSaveAnswer,
  ContentStatus,
} from "~/features/content/content";
import { languageCodes } from "~/platform/i18n/languages";
import { linkUrlSchema, plainTextSchema, slugSchema } from "~/platform/safe-value-schemas";

export { slugSchema };

const optionalLink = z.union([z.literal(""), linkUrlSchema]);
const term = plainTextSchema(40).transform((value) => value.trim());

/** What the post editor sends: the whole editable state of a post. */
export const postDraftSchema = z.object({
  title: plainTextSchema(200).refine((value) => value.trim().length > 0, {
    params: { origin: "required" },
  }),
  /** Empty: made from the title. */
  slug: z.union([z.literal(""), slugSchema]),
  excerpt: plainTextSchema(500),
  /** Tiptap's HTML; sanitised on the server before it is stored. */
  content: z.string().max(400_000, { abort: true }),
  featured: optionalLink,
  categories: z.array(term).max(10),
  tags: z.array(term).max(20),
  seoTitle: plainTextSchema(120),
  seoDescription: plainTextSchema(300),
  seoImage: optionalLink,
});
export type PostDraft = z.output<typeof postDraftSchema>;
export type PostDraftInput = z.input<typeof postDraftSchema>;

export const emptyPostDraft: PostDraft = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  featured: "",
  categories: [],
  tags: [],
  seoTitle: "",
  seoDescription: "",
  seoImage: "",
};

/**
 * What a save asks besides the content: keep it as it is (`save`), an autosave of a draft,
 * publish now, schedule for `publishAt`, or take it back to a draft.
 */
export const postSaveSchema = z.object({
  intent: z.enum(["save", "autosave", "publish", "schedule", "unpublish"]),
  /** The version the editor loaded (0 for a new post); a save over a newer one is refused. */
  version: z.number().int().min(0),
  /** Save even over a newer version (the person chose to overwrite, after a warning). */
  overwrite: z.boolean().default(false),
  publishAt: z.iso.datetime({ offset: true }).optional(),
  post: postDraftSchema,
});
export type PostSave = z.input<typeof postSaveSchema>;

/** The other things an editor or the list does to a post. */
export const postCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("trash") }),
  z.object({ intent: z.literal("restore") }),
  z.object({ intent: z.literal("deleteForever") }),
  z.object({ intent: z.literal("duplicate") }),
  /** Opens the post's version in `language`, made as a draft copy the first time. */
  z.object({ intent: z.literal("translate"), language: z.enum(languageCodes) }),
  z.object({
    intent: z.literal("restoreRevision"),
    revisionId: z.uuid(),
    version: z.number().int(),
  }),
]);

export type PostStatus = ContentStatus;

/** A row of the editors' list. */
export type PostListRow = {
  id: string;
  title: string;
  slug: string;
  status: PostStatus;
  authorName: string;
  publishedAt: string | null;
  updatedAt: string;
  trashedAt: string | null;
  /** Set on a translation (shown in the trash only). */
  language: string | null;
};

/** Where a post stands among its languages (decision 025). */
export type PostLanguages = ContentLanguages;

/** The editor's whole state as loaded. */
export type PostEditorState = {
  id: string;
  status: PostStatus;
  version: number;
  publishedAt: string | null;
  updatedAt: string;
  authorName: string;
  post: PostDraft;
};

/** The filters of the editors' list (search params). */
export const postListQuerySchema = z.object({
  q: z.string().max(100).catch(""),
  status: z.enum(["all", "draft", "scheduled", "published", "trashed"]).catch("all"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type PostListQuery = z.output<typeof postListQuerySchema>;
export const POSTS_PER_EDITOR_PAGE = 20;

/** What a save or command answers the editor. */
export type PostSaveAnswer = ContentSaveAnswer;
