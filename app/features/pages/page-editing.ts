import { z } from "zod";
import type { ContentSaveAnswer, ContentStatus } from "~/features/content/content";
import { languageCodes } from "~/platform/i18n/languages";
import { linkUrlSchema, plainTextSchema, slugSchema } from "~/platform/safe-value-schemas";
import type { PageData } from "./validation";

const optionalLink = z.union([z.literal(""), linkUrlSchema]);

/**
 * What the page builder sends: the page's fields and its blocks in Puck's format. The blocks'
 * props are checked block by block on the server (blocks.ts checkBlocks).
 */
export const pageDraftSchema = z.object({
  title: plainTextSchema(200).refine((value) => value.trim().length > 0, {
    params: { origin: "required" },
  }),
  /** Empty: made from the title. */
  slug: z.union([z.literal(""), slugSchema]),
  /** A funnel page is a funnel step's (decision 063): made and kept by the funnels screen. */
  kind: z.enum(["page", "doc", "funnel"]),
  description: plainTextSchema(500),
  data: z.object({
    root: z.object({ props: z.record(z.string(), z.unknown()).optional() }).optional(),
    content: z.array(z.unknown()).max(400),
    zones: z.record(z.string(), z.array(z.unknown())).optional(),
  }),
  seoTitle: plainTextSchema(120),
  seoDescription: plainTextSchema(300),
  seoImage: optionalLink,
});
export type PageDraft = Omit<z.output<typeof pageDraftSchema>, "data"> & { data: PageData };

export const emptyPageDraft = (kind: PageKindName): PageDraft => ({
  title: "",
  slug: "",
  kind,
  description: "",
  data: { root: { props: {} }, content: [] },
  seoTitle: "",
  seoDescription: "",
  seoImage: "",
});

export const pageSaveSchema = z.object({
  intent: z.enum(["save", "autosave", "publish", "schedule", "unpublish"]),
  /** The version the editor loaded (0 for a new page); a save over a newer one is refused. */
  version: z.number().int().min(0),
  overwrite: z.boolean().default(false),
  publishAt: z.iso.datetime({ offset: true }).optional(),
  page: pageDraftSchema,
});

export const pageCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("trash") }),
  z.object({ intent: z.literal("restore") }),
  z.object({ intent: z.literal("deleteForever") }),
  z.object({ intent: z.literal("duplicate") }),
  /** Opens the page's version in `language`, made as a draft copy the first time. */
  z.object({ intent: z.literal("translate"), language: z.enum(languageCodes) }),
  z.object({
    intent: z.literal("restoreRevision"),
    revisionId: z.uuid(),
    version: z.number().int(),
  }),
]);

/** The docs tree as the list sends it after a drag: every doc's parent and place. */
export const docTreeSchema = z.object({
  intent: z.literal("reorderDocs"),
  docs: z
    .array(z.object({ id: z.uuid(), parentId: z.uuid().nullable(), position: z.number().int() }))
    .max(1000),
});
export type DocTreeEntry = z.output<typeof docTreeSchema>["docs"][number];

export type PageStatus = ContentStatus;
export type PageKindName = "page" | "doc" | "funnel";

export type PageListRow = {
  id: string;
  title: string;
  slug: string;
  kind: PageKindName;
  status: PageStatus;
  authorName: string;
  parentId: string | null;
  position: number;
  updatedAt: string;
  trashedAt: string | null;
  /** A translation's language (only the trash lists translations). */
  language: string | null;
};

export type PageEditorState = {
  id: string;
  status: PageStatus;
  version: number;
  publishedAt: string | null;
  updatedAt: string;
  authorName: string;
  page: PageDraft;
};

export const pageListQuerySchema = z.object({
  q: z.string().max(100).catch(""),
  kind: z.enum(["page", "doc"]).catch("page"),
  status: z.enum(["all", "draft", "scheduled", "published", "trashed"]).catch("all"),
  /** "" everyone's; "me" the viewer's own. */
  author: z.enum(["", "me"]).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type PageListQuery = z.output<typeof pageListQuerySchema>;
export const PAGES_PER_EDITOR_PAGE = 20;

export type PageSaveAnswer = ContentSaveAnswer;
