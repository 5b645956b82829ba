// The blocks' sheet travels with the page (the markup itself comes rendered from the server).
import classes from "./blocks/blocks.module.css";

/**
 * A page's blocks as the server rendered them (pages.server renderPageHtml): static HTML, so the
 * public page ships none of the blocks' code and hydrates nothing inside. The HTML is built
 * only from checked props and sanitised rich text.
 */
export function BlocksHtml({ html }: { html: string }) {
  return (
    <div
      className={classes.holder}
      data-testid="page-blocks"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
