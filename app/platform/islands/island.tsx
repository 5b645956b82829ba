import { createContext, useContext, type ComponentType } from "react";

/**
 * When an island's code loads (decision 048):
 * - `interaction`: at the first pointer, touch, focus or click inside it (the event is replayed
 *   once it is live), so a first visit downloads nothing for it;
 * - `load`: as soon as the page has loaded (signed-in extras only: never on a cached page);
 * - `stored:<key>[,<key>…]`: at load when the browser's localStorage holds one of the keys (the
 *   cart's badge for a returning visitor), or when another tab writes one; else at interaction.
 */
export type IslandTrigger = "interaction" | "load" | `stored:${string}`;

/** An island's props travel in the HTML as JSON: plain data only, never functions or nodes. */
export type IslandProps = { [key: string]: unknown };

/** What the browser's registry loads for a name: props are only known as parsed JSON there. */
export type IslandDefinition = {
  name: string;
  Component: ComponentType<IslandProps>;
  trigger: IslandTrigger;
};

type CollectedIsland = { name: string; Component: ComponentType<IslandProps>; props: IslandProps };

/**
 * One document's islands, gathered while React Router renders it on the server; the document is
 * then finished by rendering each island on its own (render-islands.server.tsx). Present only
 * for a document served as islands (app/entry.server.tsx decides).
 */
export type IslandCollector = {
  /** Random per document: marks where each island's HTML goes, unguessable by page content. */
  readonly token: string;
  readonly islands: readonly CollectedIsland[];
  /** What every island of the page shares (island-page.tsx), set by the site's frame. */
  readonly page: () => IslandPage | null;
  setPage: (page: IslandPage) => void;
  /** Keeps an island for the document's finishing; its id is its place in `islands`. */
  add: (island: CollectedIsland) => number;
};

export function createIslandCollector(): IslandCollector {
  const token = Array.from(crypto.getRandomValues(new Uint8Array(9)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
  const islands: CollectedIsland[] = [];
  let page: IslandPage | null = null;
  return {
    token,
    islands,
    page: () => page,
    setPage: (value) => {
      page = value;
    },
    add: (island) => islands.push(island) - 1,
  };
}

/** What every island of one page needs to render as the server did: language, theme, strings. */
export type IslandPage = {
  lang: string;
  dir: "ltr" | "rtl";
  /** The account's theme option (features/theme), as `buildTheme` takes it. */
  theme: Record<string, unknown>;
  messages: Record<string, unknown>;
  pathname: string;
};

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** True while the server renders a document whose interactive parts are islands. */
export const useIslandDocument = () => useContext(IslandCollectorContext) !== null;

export const islandMarker = (token: string, id: number) => `<!--island-${token}-${id}-->`;

/**
 * Makes `Component` an island named `name` (the key of its loader in registry.ts). Rendered in
 * an island document, it leaves a placeholder with its props; rendered anywhere else (the
 * dashboard, checkout, a page reached by the app's own navigation) it is just `Component`.
 */
export function defineIsland<P extends IslandProps>(
  name: string,
  Component: ComponentType<P>,
  {
    trigger = "interaction",
    inline = false,
    keys,
  }: {
    trigger?: IslandTrigger;
    inline?: boolean;
    /** Keyboard shortcuts that wake it anywhere on the page, as Mantine's hotkeys write them. */
    keys?: string[];
  } = {},
) {
  function Island(props: P) {
    const collector = useContext(IslandCollectorContext);
    if (!collector) return <Component {...props} />;
    const id = collector.add({
      name,
      Component: Component as ComponentType<IslandProps>,
      props,
    });
    // A span inside text and inline boxes; either way `display: contents` (islands.css).
    const Tag = inline ? "span" : "div";
    return (
      <Tag
        data-island={name}
        data-island-id={id}
        data-trigger={trigger}
        data-keys={keys?.join(" ")}
        data-props={JSON.stringify(props)}
        dangerouslySetInnerHTML={{ __html: islandMarker(collector.token, id) }}
      />
    );
  }
  Island.displayName = `Island(${name})`;
  const definition: IslandDefinition = {
    name,
    Component: Component as unknown as ComponentType<IslandProps>,
    trigger,
  };
  return Object.assign(Island, { island: definition });
}
