import { useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { i18n } from "i18next";
import { createI18n } from "~/platform/i18n/i18n";
import type { LanguageCode } from "~/platform/i18n/languages";
import type { IslandDefinition, IslandPage, IslandProps } from "~/platform/islands/island";
import { islandPageElementId } from "~/platform/islands/island-page";
import { IslandRoot } from "./island-root";

let shared: { page: IslandPage; i18n: i18n } | undefined;

/** The page's data (island-page.tsx) and one i18next instance for all of its islands. */
function pageShare() {
  if (!shared) {
    const json = document.getElementById(islandPageElementId)?.textContent ?? "{}";
    const page = JSON.parse(json) as IslandPage;
    shared = {
      page,
      i18n: createI18n({ lang: page.lang as LanguageCode, messages: page.messages }),
    };
  }
  return shared;
}

function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Hydrates one island where the server rendered it (render-islands.server.tsx made it the same
 * way: same root, same id prefix, same providers); `onHydrated` runs once it is live.
 */
export function hydrateIsland({
  element,
  id,
  definition,
  props,
  onHydrated,
}: {
  element: HTMLElement;
  id: number;
  definition: IslandDefinition;
  props: IslandProps;
  onHydrated: () => void;
}) {
  const { page, i18n } = pageShare();
  const { Component } = definition;
  hydrateRoot(
    element,
    <Hydrated onHydrated={onHydrated}>
      <IslandRoot page={page} i18n={i18n} server={false}>
        <Component {...props} />
      </IslandRoot>
    </Hydrated>,
    {
      identifierPrefix: `i${id}-`,
      onRecoverableError: (error) => console.warn(`island ${definition.name}:`, error),
    },
  );
}
