import { renderToString } from "react-dom/server";
import { createI18n } from "~/platform/i18n/i18n";
import type { LanguageCode } from "~/platform/i18n/languages";
import { islandMarker, type IslandCollector } from "~/platform/islands/island";
import { IslandRoot } from "./island-root";

/** The prefix of React's ids inside island `id`: the same on the server and in the browser. */
export const islandIdPrefix = (id: number) => `i${id}-`;

/**
 * Finishes an island document: each island's placeholder becomes its own server rendering, made
 * as the browser will hydrate it (its own root, its own id prefix, the page's providers), so
 * hydration finds exactly what it would have rendered. A page without the frame's page data
 * (none expected) leaves its islands empty rather than render them without strings or theme.
 */
export function renderIslands(html: string, collector: IslandCollector): string {
  const page = collector.page();
  if (!page || collector.islands.length === 0) return html;
  const i18n = createI18n({ lang: page.lang as LanguageCode, messages: page.messages });
  return collector.islands.reduce((document, { Component, props }, id) => {
    const marker = islandMarker(collector.token, id);
    if (!document.includes(marker)) return document;
    const rendered = renderToString(
      <IslandRoot page={page} i18n={i18n} server>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: islandIdPrefix(id) },
    );
    return document.replace(marker, () => rendered);
  }, html);
}
