import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import routes from "~/routes";
import {
  appDir,
  english,
  exportedNames,
  keyUses,
  lex,
  moduleLinks,
  nodeAt,
  projectRoot,
} from "../../../tests/support/i18n-usage";
import { messageAreas, type MessageArea } from "./area-messages.server";

/*
 * I12: a page carries only its routes' share of the catalogue. These tests read the route tree
 * (app/routes.ts) and, for each chain of route modules from the root to a page, the code they
 * import: every key that code uses must arrive with an area one of the chain's modules names.
 */

/**
 * Keys that never need to reach the browser. The error catalogue names the English text the
 * server puts into API answers (englishText); screens show keys of their own for those codes.
 */
const serverOnlyKeySources = new Set([path.join(appDir, "platform/errors.ts")]);

type RouteEntry = { file: string; children?: RouteEntry[] };

/** Each page's chain of route modules, root first (resource routes have no page). */
function pageChains(entries: RouteEntry[], above: string[]): string[][] {
  return entries.flatMap((entry) => {
    const chain = [...above, path.join(appDir, entry.file)];
    if (entry.children?.length) return pageChains(entry.children, chain);
    return entry.file.endsWith(".tsx") ? [chain] : [];
  });
}
// Many paths share one module (the dashboard's sections): one chain each.
const chains = [
  ...new Map(
    pageChains(routes as RouteEntry[], [path.join(appDir, "root.tsx")]).map((chain) => [
      chain.join(),
      chain,
    ]),
  ).values(),
];

const read = (file: string) => fs.readFileSync(file, "utf8");

/**
 * The app code a module brings to the browser: itself and what it imports, loaders' .server
 * files left out. Names are followed through re-exports, as the bundler does: a feature's door
 * brings a page only the modules whose exports the page uses.
 */
function clientClosure(file: string, included = new Set<string>()): Set<string> {
  const followed = new Map<string, Set<string> | "all">();
  const visit = (module: string, wanted: ReadonlySet<string> | "all") => {
    if (/\.server\.tsx?$/.test(module)) return;
    const before = followed.get(module);
    if (before === "all") return;
    const fresh =
      wanted === "all" ? "all" : new Set([...wanted].filter((name) => !before?.has(name)));
    if (fresh !== "all" && fresh.size === 0) return;
    followed.set(module, fresh === "all" ? "all" : new Set([...(before ?? []), ...fresh]));
    const links = moduleLinks(module, read(module));
    if (!included.has(module)) {
      included.add(module);
      for (const link of links) if (!link.reexport) visit(link.target, link.names);
    }
    for (const link of links) {
      if (!link.reexport) continue;
      if (fresh === "all") visit(link.target, link.names);
      else if (link.names === "all") {
        const offered = exportedNames(link.target);
        visit(link.target, new Set([...fresh].filter((name) => offered.has(name))));
      } else {
        // `export { a as b } from`: moduleLinks gives the source names; a re-export renames rarely.
        const wantedHere = [...link.names].filter((name) => fresh.has(name));
        if (wantedHere.length > 0) visit(link.target, new Set(wantedHere));
      }
    }
  };
  visit(file, "all");
  return included;
}

/** The areas a route module names (in its loader's areaMessages call or a table of them). */
function areasNamedIn(file: string): MessageArea[] {
  const names = new Set(lex(read(file)).literals.map((literal) => literal.value));
  return (Object.keys(messageAreas) as MessageArea[]).filter((area) => names.has(area));
}

const short = (file: string) => path.relative(projectRoot, file);
const covers = (sent: readonly string[], key: string) =>
  sent.some((part) => key === part || key.startsWith(`${part}.`));

describe("I12 each area of the app sends the strings its pages use, and only those", () => {
  test("I12 the route tree has pages in every area: the site, the platform, auth and the dashboard", () => {
    const leaves = chains.map((chain) => short(chain.at(-1)!));
    for (const page of [
      "app/routes/home.tsx",
      "app/routes/site/page.tsx",
      "app/routes/auth/login.tsx",
      "app/routes/dashboard/site-header.tsx",
    ]) {
      expect(leaves).toContain(page);
    }
  });

  test("I12 every part an area names is in the English catalogue, and every area is sent by a route", () => {
    const named = new Set(chains.flat().flatMap(areasNamedIn));
    for (const [area, parts] of Object.entries(messageAreas)) {
      for (const part of parts) expect(nodeAt(english, part), `${area}: ${part}`).toBeDefined();
      expect(named.has(area as MessageArea), `${area} is sent by no route`).toBe(true);
    }
  });

  test.each(chains.map((chain) => [short(chain.at(-1)!), chain] as const))(
    "I12 every key the page %s uses arrives with its routes' areas",
    (_page, chain) => {
      const sent = chain.flatMap(areasNamedIn).flatMap((area) => messageAreas[area]);
      const code = new Set(chain.flatMap((file) => [...clientClosure(file)]));
      const missing: string[] = [];
      for (const file of code) {
        if (serverOnlyKeySources.has(file)) continue;
        for (const use of keyUses(read(file))) {
          if (use.kind === "call" && typeof nodeAt(english, use.key) !== "string") continue;
          if (!covers(sent, use.key)) missing.push(`${use.key} (${short(file)}:${use.line})`);
        }
      }
      expect(missing).toEqual([]);
    },
  );

  // Areas one module names may be alternatives (a site's /login or the platform's): only
  // areas of different modules of a chain always come together.
  test.each(chains.map((chain) => [short(chain.at(-1)!), chain] as const))(
    "I12 no part of the catalogue comes twice to the page %s from two of its routes",
    (_page, chain) => {
      const parts = chain.flatMap((file) =>
        areasNamedIn(file).flatMap((area) =>
          messageAreas[area].map((part) => ({ file, area, part })),
        ),
      );
      const twice = parts.flatMap((one, i) =>
        parts
          .slice(i + 1)
          .filter(
            (other) =>
              one.file !== other.file &&
              (covers([one.part], other.part) || covers([other.part], one.part)),
          )
          .map((other) => `${one.area} ${one.part} / ${other.area} ${other.part}`),
      );
      expect(twice).toEqual([]);
    },
  );
});
