import { z } from "zod";
import { emailPattern } from "~/platform/patterns";
import { colourSchema, linkUrlSchema, plainTextSchema } from "~/platform/safe-value-schemas";
import { embedOf } from "~/features/content/content";

/**
 * The page builder's blocks (docs/decisions/025): one zod schema per block type, checked on
 * every save and again before every render, so a stored page can only hold what these allow.
 * Text is plain text (React escapes it); RichText's HTML is sanitised by the server on save and
 * on render; every address is a safe link; every colour a safe CSS colour.
 */

const text = (max: number) => plainTextSchema(max).default("");
const link = z.union([z.literal(""), linkUrlSchema]).default("");
const colour = z.union([z.literal(""), colourSchema]).default("");
/** Pixel sizes of an image, so the page keeps its place while it loads. */
const pixels = (fallback: number) => z.coerce.number().int().min(1).max(8000).catch(fallback);
const count = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).catch(fallback);
/** A video the page may embed: YouTube or Vimeo through features/content/embeds. */
const videoUrl = z.union([
  z.literal(""),
  linkUrlSchema.refine(
    (value) => {
      const embed = embedOf(value);
      return embed !== null && embed.provider !== "audio";
    },
    { params: { origin: "url" } },
  ),
]);

/**
 * An image: an address for now, and `mediaId`, the media library's file once its picker lands
 * (the picker fills both; the renderer reads `src`).
 */
const image = {
  src: link,
  alt: text(300),
  width: pixels(1200),
  height: pixels(675),
  mediaId: z.string().max(64).default(""),
};

const id = z.string().min(1).max(100);

export const blockPropSchemas = {
  Hero: z.object({
    id,
    title: text(200),
    subtitle: text(500),
    ...image,
    ctaLabel: text(60),
    ctaHref: link,
    align: z.enum(["left", "center"]).catch("center"),
    background: colour,
  }),
  Heading: z.object({ id, text: text(300), level: z.enum(["2", "3"]).catch("2") }),
  Text: z.object({ id, text: text(5000) }),
  /** Sanitised by the server (sanitizeContentHtml) before it is stored and before it is shown. */
  RichText: z.object({ id, html: z.string().max(100_000).default("") }),
  Image: z.object({ id, ...image, caption: text(300) }),
  Gallery: z.object({
    id,
    columns: count(2, 4, 3),
    images: z
      .array(z.object({ src: linkUrlSchema, alt: text(300), mediaId: image.mediaId }))
      .max(24)
      .default([]),
  }),
  Video: z.object({ id, url: videoUrl.default(""), title: text(200) }),
  Columns: z.object({
    id,
    count: count(2, 4, 2),
    // Puck slots: each column holds blocks of its own (checked by checkBlocks, one level down).
    column1: z.array(z.unknown()).max(40).default([]),
    column2: z.array(z.unknown()).max(40).default([]),
    column3: z.array(z.unknown()).max(40).default([]),
    column4: z.array(z.unknown()).max(40).default([]),
  }),
  CourseList: z.object({ id, title: text(200), limit: count(1, 12, 6) }),
  PostList: z.object({ id, title: text(200), limit: count(1, 12, 3) }),
  PricingCards: z.object({
    id,
    title: text(200),
    plans: z
      .array(
        z.object({
          name: text(80),
          price: text(40),
          period: text(40),
          features: text(2000),
          ctaLabel: text(60),
          ctaHref: link,
          highlighted: z.boolean().catch(false),
        }),
      )
      .max(6)
      .default([]),
  }),
  ProductCards: z.object({
    id,
    title: text(200),
    products: z
      .array(
        z.object({
          name: text(120),
          price: text(40),
          description: text(500),
          image: link,
          href: link,
        }),
      )
      .max(12)
      .default([]),
  }),
  Form: z.object({
    id,
    /** A form of the site's own (M5 forms), or the two that need none. */
    kind: z.enum(["form", "signup", "contact"]).catch("signup"),
    /** The site's form a `form` block shows (forms' id). */
    formId: z.union([z.literal(""), z.uuid()]).catch(""),
    title: text(200),
    text: text(1000),
    submitLabel: text(60),
    /** Where a contact form's message goes (the visitor's mail program opens, no JS). */
    email: z.union([z.literal(""), z.string().max(200).regex(emailPattern)]).default(""),
  }),
  CallToAction: z.object({
    id,
    title: text(200),
    text: text(1000),
    buttonLabel: text(60),
    buttonHref: link,
    background: colour,
  }),
  FAQ: z.object({
    id,
    title: text(200),
    items: z
      .array(z.object({ question: text(300), answer: text(3000) }))
      .max(50)
      .default([]),
  }),
  Testimonial: z.object({
    id,
    quote: text(2000),
    author: text(120),
    role: text(120),
    avatar: link,
  }),
  Spacer: z.object({ id, size: z.enum(["sm", "md", "lg", "xl"]).catch("md") }),
};

export type BlockType = keyof typeof blockPropSchemas;
export type BlockProps<T extends BlockType> = z.output<(typeof blockPropSchemas)[T]>;
export const blockTypes = Object.keys(blockPropSchemas) as BlockType[];
export const isBlockType = (type: string): type is BlockType =>
  Object.hasOwn(blockPropSchemas, type);

/** A block as stored: its type and checked props; a Columns block's columns checked too. */
export type CheckedBlock = { [T in BlockType]: { type: T; props: BlockProps<T> } }[BlockType];

export type BlockIssue = { blockId: string; type: string; path: string };

/** The most blocks a page holds, columns' blocks included. */
export const MAX_BLOCKS = 200;
const COLUMN_KEYS = ["column1", "column2", "column3", "column4"] as const;

/**
 * Checks stored or sent blocks. `strict` (a save) reports every block that does not fit; a
 * render (`strict: false`) skips them silently, so a newer editor never breaks an older site.
 * Columns hold blocks one level down only (no columns in columns).
 */
export function checkBlocks(
  blocks: readonly unknown[],
  { strict, nested = false }: { strict: boolean; nested?: boolean },
): { blocks: CheckedBlock[]; issues: BlockIssue[] } {
  const out: CheckedBlock[] = [];
  const issues: BlockIssue[] = [];
  for (const raw of blocks.slice(0, MAX_BLOCKS)) {
    const block = raw as { type?: unknown; props?: { id?: unknown } } | null;
    const type = typeof block?.type === "string" ? block.type : "";
    const blockId = typeof block?.props?.id === "string" ? block.props.id : "";
    if (!isBlockType(type) || (nested && type === "Columns")) {
      issues.push({ blockId, type, path: "type" });
      continue;
    }
    const parsed = blockPropSchemas[type].safeParse(block?.props);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        issues.push({ blockId, type, path: issue.path.join(".") });
      continue;
    }
    const props = parsed.data as Record<string, unknown>;
    if (type === "Columns") {
      for (const key of COLUMN_KEYS) {
        const inner = checkBlocks(props[key] as unknown[], { strict, nested: true });
        props[key] = inner.blocks;
        issues.push(...inner.issues);
      }
    }
    out.push({ type, props } as CheckedBlock);
  }
  if (blocks.length > MAX_BLOCKS) issues.push({ blockId: "", type: "", path: "content" });
  return { blocks: out, issues: strict ? issues : [] };
}

/** Every block of a page, columns' blocks included (one level down). */
export function* everyBlock(blocks: readonly CheckedBlock[]): Generator<CheckedBlock> {
  for (const block of blocks) {
    yield block;
    if (block.type === "Columns")
      for (const key of COLUMN_KEYS) yield* everyBlock(block.props[key] as CheckedBlock[]);
  }
}

export { COLUMN_KEYS };
