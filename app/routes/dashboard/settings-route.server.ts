import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { tenantContext } from "~/features/accounts/tenant";
import { requireViewer } from "~/features/auth/guards.server";
import { settingsSaveSchema, type SettingsPart } from "~/features/site-settings/option-save";
import {
  saveSettingsPart,
  type SettingsRequest,
} from "~/features/site-settings/site-settings.server";
import { siteCacheContext, type SiteCache } from "~/features/site/site-cache.server";
import type { Database } from "~/platform/db/database.server";
import { AppError, isAppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import type { Messages } from "~/platform/i18n/i18n";
import { servicesContext } from "~/platform/request-context";
import { areaMessages, type MessageArea } from "../messages.server";

/** A save is also given the cache it drops, so the next anonymous request shows the change. */
export type SettingsSaveRequest = SettingsRequest & {
  siteCache: Pick<SiteCache, "invalidateAccount"> | null;
};

/**
 * The route's request as the use cases want it. Signing in comes first (a redirect to /login,
 * outside any error answer); the use case checks the screen's own rule from `pathname`.
 */
function settingsRequestOf({ context, request }: LoaderFunctionArgs) {
  const viewer = requireViewer({ context, request });
  const tenant = context.get(tenantContext);
  const { database } = context.get(servicesContext);
  // A client-side navigation asks for the same path with React Router's ".data" suffix.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  const screen = (): SettingsRequest => {
    // The platform's own host has no site to set up.
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    return { account: tenant.account, viewer, pathname };
  };
  return { database, screen };
}

/**
 * A settings screen's loader: `load` (one use case, its answer shaped for the screen) runs for a
 * signed-in viewer on a site; an AppError becomes the error boundary's status (403, 404). The
 * answer comes with the screen's strings (`areas`).
 */
export function loadSettingsScreen<T extends object>(
  args: LoaderFunctionArgs,
  areas: readonly MessageArea[],
  load: (database: Database, request: SettingsRequest) => Promise<T>,
): Promise<T & { messages: Messages }> {
  const { database, screen } = settingsRequestOf(args);
  const { lang } = args.context.get(servicesContext);
  return answerAppErrors(async () => ({
    ...(await load(database, screen())),
    messages: areaMessages(lang, ...areas),
  }));
}

/**
 * The editors send JSON (a fetcher with `encType: "application/json"`). A body of any other type
 * is not read as JSON: the input rule checks a body by its declared type, so text that merely
 * looks like JSON has not been checked for NUL or broken Unicode in its escapes.
 */
async function jsonBody(request: Request): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return null;
  return request.json().catch(() => null);
}

/**
 * A settings screen's action: `save` is given the JSON body (null when it is not JSON) to parse
 * and answers `{ ok }`, sent with 200 or 400. An AppError (not allowed, bad input) is answered
 * as data with its status rather than thrown, so the editor's fetcher reads it beside its fields
 * instead of the screen falling to its error boundary.
 */
export async function answerSettingsSave<A extends { ok: boolean }>(
  args: ActionFunctionArgs,
  save: (database: Database, request: SettingsSaveRequest, body: unknown) => Promise<A>,
) {
  const { database, screen } = settingsRequestOf(args);
  try {
    const request = { ...screen(), siteCache: args.context.get(siteCacheContext) };
    const body = await jsonBody(args.request);
    const answer = await save(database, request, body);
    return data(answer, { status: answer.ok ? 200 : 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ ok: false as const, code: error.code, issues: [] }, { status: error.status });
  }
}

/**
 * The save of a screen edited through the options' settings parts (theme, footer, notices,
 * scripts): a body naming a part and its value; a part the screen does not list is refused.
 */
export function answerSettingsPartSave(args: ActionFunctionArgs, allowed: readonly SettingsPart[]) {
  return answerSettingsSave(args, (database, request, body) => {
    const input = settingsSaveSchema.safeParse(body);
    if (!input.success) throw new AppError({ code: "request.invalid" });
    return saveSettingsPart(database, { ...request, allowed, ...input.data });
  });
}
