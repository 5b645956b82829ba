import type { EntryContext } from "react-router";

/** A route module marks its pages as island documents with `export const handle = islandsHandle`. */
export const islandsHandle = { islands: true } as const;

const hasIslandsHandle = (handle: unknown) =>
  typeof handle === "object" &&
  handle !== null &&
  (handle as { islands?: unknown }).islands === true;

/**
 * Whether this document is served as islands (decision 048): a page of an account's public site
 * whose route says so. The platform's own site and every app (dashboard, checkout, sign-in) stay
 * React Router applications.
 */
export function isIslandDocument(context: EntryContext): boolean {
  if (context.isSpaMode) return false;
  const { matches, loaderData } = context.staticHandlerContext;
  const frame = loaderData["routes/host-layout"] as { kind?: string } | undefined;
  if (frame?.kind !== "site") return false;
  const leaf = matches.at(-1);
  return leaf ? hasIslandsHandle(context.routeModules[leaf.route.id]?.handle) : false;
}
