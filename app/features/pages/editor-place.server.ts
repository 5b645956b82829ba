import { asPlatformAccount } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import { editorPaths, editorScopeOf, type EditorScope } from "./editor-scope";
import type { PageSaveAnswer } from "./page-editing";

/** Where a builder screen works: its scope, the account its use cases run on, its list's path. */
export type EditorPlace = { scope: EditorScope; accountId: string; screenPath: string };

/** The list's path of a builder screen's request: the rule its section opens by. */
export const editorScreenPath = (pathname: string): string => editorPaths[editorScopeOf(pathname)];

/**
 * The account a builder screen's use cases run on: the host site's, or under /dashboard/docs
 * the platform account (super-admins only: asked again here, after the screen's own rule, so a
 * site's manager never reaches the platform's rows through the editors' manager check).
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
  if (scope === "site") return { scope, accountId: account.accountId, screenPath };
  return asPlatformAccount(viewer, ({ accountId }) => ({ scope, accountId, screenPath }));
}

/** The platform's screens hold docs only: a save there that would make a plain page is refused. */
export function checkPlaceKind(place: EditorPlace, body: unknown): void {
  if (place.scope === "site") return;
  const kind = (body as { page?: { kind?: unknown } } | null)?.page?.kind;
  if (kind !== undefined && kind !== "doc") throw new AppError({ code: "request.invalid" });
}

/** The use cases lead to the site's screens (`goTo`); the platform's docs have their own. */
export function answerInPlace(place: EditorPlace, answer: PageSaveAnswer): PageSaveAnswer {
  if (place.scope === "site" || !answer.ok || !answer.goTo) return answer;
  return {
    ...answer,
    goTo: answer.goTo.replace(/^\/dashboard\/pages(?=[/?]|$)/, place.screenPath),
  };
}
