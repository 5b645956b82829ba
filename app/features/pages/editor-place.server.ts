import { asPlatformAccount, isPlatformAccount } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import { editorPaths, editorScopeOf, scopeKind, type EditorScope } from "./editor-scope";
import type { PageSaveAnswer } from "./page-editing";

/** Where a builder screen works: its scope, the account its use cases run on, its list's path. */
export type EditorPlace = { scope: EditorScope; accountId: string; screenPath: string };

/** The list's path of a builder screen's request: the rule its section opens by. */
export const editorScreenPath = (pathname: string): string => editorPaths[editorScopeOf(pathname)];

/**
 * The account a builder screen's use cases run on: the host site's, or under /dashboard/docs
 * the platform account (super-admins only: asked again here, after the screen's own rule, so a
 * site's manager never reaches the platform's rows through the editors' manager check). Where
 * the dashboard itself runs as the platform account (the base domain's), /dashboard/pages is
 * the platform's plain pages, behind the same check.
 */
export function editorPlaceOf({
  account,
  viewer,
  pathname,
}: {
  account: { accountId: string };
  viewer: Viewer;
  pathname: string;
}): EditorPlace {
  const scope = editorScopeOf(pathname);
  const screenPath = editorPaths[scope];
  if (scope === "site" && !isPlatformAccount(account.accountId))
    return { scope, accountId: account.accountId, screenPath };
  const platformScope = scope === "site" ? "platformPages" : scope;
  return asPlatformAccount(viewer, ({ accountId }) => ({
    scope: platformScope,
    accountId,
    screenPath,
  }));
}

/**
 * The platform's screens hold one kind each (docs, or on the base domain's /dashboard/pages
 * plain pages): a save there that would make the other is refused.
 */
export function checkPlaceKind(place: EditorPlace, body: unknown): void {
  const only = scopeKind(place.scope);
  if (!only) return;
  const kind = (body as { page?: { kind?: unknown } } | null)?.page?.kind;
  if (kind !== undefined && kind !== only) throw new AppError({ code: "request.invalid" });
}

/** The use cases lead to the site's screens (`goTo`); the platform's docs have their own. */
export function answerInPlace(place: EditorPlace, answer: PageSaveAnswer): PageSaveAnswer {
  if (place.scope !== "platform" || !answer.ok || !answer.goTo) return answer;
  return {
    ...answer,
    goTo: answer.goTo.replace(/^\/dashboard\/pages(?=[/?]|$)/, place.screenPath),
  };
}
