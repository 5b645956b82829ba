import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import { checkBlocks, COLUMN_KEYS, everyBlock, type CheckedBlock } from "./blocks";
import type { BlockData } from "./components/blocks/list-blocks";
import { PageBlocks } from "./components/page-blocks";

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

/** What the page's data-driven blocks need to read: the most courses and posts any asks for. */
export function dataNeeds(blocks: readonly CheckedBlock[]) {
  let courses = 0;
  let posts = 0;
  for (const block of everyBlock(blocks)) {
    if (block.type === "CourseList") courses = Math.max(courses, block.props.limit);
    if (block.type === "PostList") posts = Math.max(posts, block.props.limit);
  }
  return { courses, posts };
}

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
