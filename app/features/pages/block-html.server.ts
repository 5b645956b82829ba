import { createHash, randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import { createTtlCache } from "~/platform/ttl-cache";
import { checkBlocks, COLUMN_KEYS, everyBlock, type CheckedBlock } from "./blocks";
import type { BlockData } from "./components/blocks/list-blocks";
import { blocksCarryTitle, BlockView, PageBlocks, pageClassName } from "./components/page-blocks";

/** Rich text made safe: sanitised on save and again before every render (columns included). */
export function sanitizeBlocks(blocks: CheckedBlock[]): CheckedBlock[] {
  return blocks.map((block) => {
    if (block.type === "RichText")
      return { ...block, props: { ...block.props, html: sanitizeContentHtml(block.props.html) } };
    if (block.type === "Columns") {
      const props = { ...block.props } as Record<string, unknown>;
      for (const key of COLUMN_KEYS) props[key] = sanitizeBlocks(props[key] as CheckedBlock[]);
      return { ...block, props } as CheckedBlock;
    }
    return block;
  });
}

/** Stored blocks as they may be shown: the ones that fit their schema, their HTML sanitised. */
export const blocksToRender = (stored: readonly unknown[]) =>
  sanitizeBlocks(checkBlocks(stored, { strict: false }).blocks);

/** What the page's data-driven blocks need to read: the most courses and posts any asks for, its forms. */
export function dataNeeds(blocks: readonly CheckedBlock[]) {
  let courses = 0;
  let posts = 0;
  const formIds = new Set<string>();
  for (const block of everyBlock(blocks)) {
    if (block.type === "CourseList") courses = Math.max(courses, block.props.limit);
    if (block.type === "PostList") posts = Math.max(posts, block.props.limit);
    if (block.type === "Form" && block.props.kind === "form" && block.props.formId)
      formIds.add(block.props.formId);
  }
  return { courses, posts, formIds: [...formIds] };
}

const showsLiveData = (block: CheckedBlock) =>
  block.type === "CourseList" ||
  block.type === "PostList" ||
  (block.type === "Form" && block.props.kind === "form");

/**
 * The page's blocks as static HTML, rendered once on the server: the public page carries the
 * markup and none of the blocks' code (decision 028).
 */
export function renderPageHtml(
  blocks: readonly CheckedBlock[],
  { data, headingIsTitle }: { data: BlockData; headingIsTitle: boolean },
): string {
  return renderToStaticMarkup(createElement(PageBlocks, { blocks, data, headingIsTitle }));
}

/**
 * Blocks that show the site's live data (its courses, its latest posts, a form as it is now,
 * with a fresh stamp): rendered every time.
 */
const isLive = (block: CheckedBlock) => [...everyBlock([block])].some(showsLiveData);

/**
 * A page rendered once: its markup cut where live blocks go (`pieces` has one more entry than
 * `live`). The hoisted image preloads React writes before the markup stay in the first piece.
 */
type RenderedPage = { headingIsTitle: boolean; pieces: string[]; live: CheckedBlock[] };

/**
 * Pages' static parts, rendered once per content (decision 028, "static parts cached"): keyed
 * by account, page, kind, language and a hash of the stored blocks themselves, so an edit, a
 * publication or a restored revision is a new key on every instance without any invalidation,
 * and no account ever reads another's entry. Bounded by the characters it holds.
 */
const renderedPages = createTtlCache<RenderedPage>({
  ttlMs: 30 * 60_000,
  max: 5_000,
  maxWeight: 16_000_000,
  weigh: (page) =>
    page.pieces.reduce((sum, piece) => sum + piece.length, 0) + 500 * page.live.length,
});

/** For the bench's cold figure and the tests: every page renders from its stored blocks again. */
export const forgetRenderedPages = () => renderedPages.invalidate();

export function renderedPageKey({
  accountId,
  pageId,
  kind,
  lang,
  content,
}: {
  accountId: string;
  pageId: string;
  kind: string;
  lang: string;
  content: readonly unknown[];
}) {
  const hash = createHash("sha256").update(JSON.stringify(content)).digest("base64url");
  return `${accountId}:${pageId}:${kind}:${lang}:${hash}`;
}

/**
 * Where a live block goes in the once-rendered markup: text no stored content can hold, since
 * it is made anew by each process (the split must never fall inside a visitor-visible text).
 */
const slotMark = `\u2063live-${randomUUID()}\u2063`;

/** Image preloads React hoists in front of what it renders. */
const leadingLinks = /^(?:<link [^>]*>)*/;

function renderOnce(blocks: readonly CheckedBlock[], data: BlockData, headingIsTitle: boolean) {
  const live = blocks.filter(isLive);
  const html = renderToStaticMarkup(
    createElement(
      "div",
      { className: pageClassName },
      blocks.map((block, index) =>
        isLive(block)
          ? slotMark
          : createElement(BlockView, {
              key: block.props.id,
              block,
              data,
              isTitle: headingIsTitle && index === 0,
            }),
      ),
    ),
  );
  return { headingIsTitle, pieces: html.split(slotMark), live };
}

function renderLive(page: RenderedPage, data: BlockData): string {
  let links = "";
  let html = page.pieces[0]!;
  page.live.forEach((block, index) => {
    const markup = renderToStaticMarkup(createElement(BlockView, { block, data, isTitle: false }));
    const hoisted = leadingLinks.exec(markup)![0];
    links += hoisted;
    html += markup.slice(hoisted.length) + page.pieces[index + 1]!;
  });
  return links + html;
}

/**
 * A published page's blocks, ready to render: `live` are the blocks whose data must be read
 * first (blockDataFor), `render` gives the page's HTML — the same markup as renderPageHtml.
 * The first render of a content checks the stored blocks, sanitises their rich text and renders
 * the static ones; later renders of the same content reuse that and render the live blocks only.
 * The blocks' words (a video's name, the forms' labels) are the language's: it is in the key.
 */
export function publishedBlocks(
  key: Parameters<typeof renderedPageKey>[0] & { kind: "page" | "doc" | "funnel" },
) {
  const cacheKey = renderedPageKey(key);
  const cached = renderedPages.get(cacheKey);
  const blocks = cached ? [] : blocksToRender(key.content);
  const headingIsTitle = cached
    ? cached.headingIsTitle
    : key.kind !== "doc" && blocksCarryTitle(blocks);
  return {
    headingIsTitle,
    live: cached ? cached.live : blocks.filter(isLive),
    render(data: BlockData): string {
      let page = cached;
      if (!page) {
        page = renderOnce(blocks, data, headingIsTitle);
        renderedPages.set(cacheKey, page);
      }
      return renderLive(page, data);
    },
  };
}
