import { useContext } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useNonce } from "~/platform/csp-nonce";
import { IslandCollectorContext, type IslandPage } from "./island";

export const islandPageElementId = "island-page";

/** JSON inside <script>: nothing in it can close the element or open a comment. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, " ");

/**
 * The page's share for its islands (language, theme, strings), written once as JSON for the
 * browser and handed to the server's own rendering of each island. Renders nothing outside an
 * island document. `theme` is the account's theme option; strings are all the page was sent.
 */
export function IslandPageData({
  theme,
  pathname,
}: {
  theme: IslandPage["theme"];
  pathname: string;
}) {
  const collector = useContext(IslandCollectorContext);
  const { i18n } = useTranslation();
  const nonce = useNonce();
  if (!collector) return null;
  const lang = i18n.language;
  const page: IslandPage = {
    lang,
    dir: i18n.dir(lang),
    theme,
    messages: (i18n.getResourceBundle(lang, "translation") ?? {}) as Record<string, unknown>,
    pathname,
  };
  collector.setPage(page);
  return (
    <script
      type="application/json"
      id={islandPageElementId}
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(page) }}
    />
  );
}
