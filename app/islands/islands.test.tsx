// @vitest-environment happy-dom
import { Button, MantineProvider, Popover } from "@mantine/core";
import { useId, useState } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createI18n } from "~/platform/i18n/i18n";
import {
  IslandCollectorContext,
  createIslandCollector,
  defineIsland,
  type IslandCollector,
} from "~/platform/islands/island";
import { IslandPageData } from "~/platform/islands/island-page";
import { hydrateIsland } from "./hydrate-island";
import { renderIslands } from "./render-islands.server";

/** An island with what breaks a naive one: React ids, Mantine, strings, state and a portal. */
function Counter({ start, label }: { start: number; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [count, setCount] = useState(start);
  return (
    <Popover opened={count > start}>
      <Popover.Target>
        <Button id={id} aria-describedby={`${id}-hint`} onClick={() => setCount((n) => n + 1)}>
          {t("test.clicks", { label, count })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>{label}</Popover.Dropdown>
    </Popover>
  );
}
const CounterIsland = defineIsland("counter", Counter);

const messages = { test: { clicks: "{{label}}: {{count}}" } };

function Page({ collector }: { collector: IslandCollector | null }) {
  const i18n = createI18n({ lang: "en", messages });
  return (
    <IslandCollectorContext.Provider value={collector}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <IslandPageData theme={{ primaryColor: "grape" }} pathname="/blog" />
          <main>
            <h1>Static heading</h1>
            <CounterIsland start={2} label={'Likes <b>&"'} />
          </main>
        </MantineProvider>
      </I18nextProvider>
    </IslandCollectorContext.Provider>
  );
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("islands", () => {
  test("I32 an island document carries each island's own rendering, its props and the page's share", () => {
    const collector = createIslandCollector();
    const html = renderIslands(renderToString(<Page collector={collector} />), collector);
    expect(html).not.toContain(`island-${collector.token}`);
    const host = document.createElement("div");
    host.innerHTML = html;
    const island = host.querySelector<HTMLElement>('[data-island="counter"]')!;
    expect(JSON.parse(island.dataset.props!)).toEqual({ start: 2, label: 'Likes <b>&"' });
    expect(island.dataset.trigger).toBe("interaction");
    // Its React ids are its own (the prefix hydration uses), and its text is the page's string.
    expect(island.querySelector("button")!.id).toContain("i0-");
    expect(island.textContent).toBe('Likes <b>&": 2');
    const share = JSON.parse(host.querySelector("#island-page")!.textContent!);
    expect(share).toMatchObject({ lang: "en", pathname: "/blog", messages });
    expect(host.querySelector("h1")!.textContent).toBe("Static heading");
  });

  test("I32 outside an island document the wrapper is the component itself", () => {
    const html = renderToString(<Page collector={null} />);
    expect(html).not.toContain("data-island");
    expect(html).not.toContain('id="island-page"');
    expect(html).toContain("Likes &lt;b&gt;&amp;&quot;: 2");
  });

  test("I32 the browser hydrates an island where the server rendered it, without a mismatch, and it answers", async () => {
    const collector = createIslandCollector();
    document.body.innerHTML = renderIslands(
      renderToString(<Page collector={collector} />),
      collector,
    );
    const element = document.querySelector<HTMLElement>('[data-island="counter"]')!;
    const button = element.querySelector("button")!;
    const warn = vi.spyOn(console, "warn");
    const error = vi.spyOn(console, "error");
    await new Promise<void>((resolve) =>
      hydrateIsland({
        element,
        id: Number(element.dataset.islandId),
        definition: CounterIsland.island,
        props: JSON.parse(element.dataset.props!),
        onHydrated: resolve,
      }),
    );
    // The server's button is the one React now drives: hydration kept it instead of replacing it.
    expect(element.querySelector("button")).toBe(button);
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe('Likes <b>&": 3'));
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    warn.mockRestore();
    error.mockRestore();
  });
});
