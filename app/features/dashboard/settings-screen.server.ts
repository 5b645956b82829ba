import { data, type ActionFunctionArgs } from "react-router";
import { siteNameOf } from "~/features/accounts/accounts";
import { requireSiteManager } from "~/features/members/members.server";
import {
  settingsSaveSchema,
  type SettingsSaveAnswer,
  type SiteOption,
} from "~/features/options/options";
import {
  getSiteOptions,
  optionCachesContext,
  saveSiteOption,
  type OptionCaches,
  type SavablePart,
} from "~/features/options/options.server";
import type { Database } from "~/platform/db/database.server";
import { ZodError } from "zod";
import { fieldIssuesOf } from "~/platform/field-issues";
import { AppError, isAppError } from "~/platform/errors";
import { dashboardRequestOf, type DashboardRequest } from "./dashboard-screen.server";
import { openDashboardSection } from "./dashboard.server";

/** A save is also given the caches it drops, so the next anonymous request shows the change. */
export type SettingsSaveRequest = DashboardRequest & { caches: OptionCaches | null };

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
  const { database, screen } = dashboardRequestOf(args);
  try {
    const request = { ...screen(), caches: args.context.get(optionCachesContext) };
    const body = await jsonBody(args.request);
    const answer = await save(database, request, body);
    return data(answer, { status: answer.ok ? 200 : 400 });
  } catch (error) {
    // A command its schema refused (an unknown intent, a field out of bounds): 400 by field.
    if (error instanceof ZodError)
      return data(
        { ok: false as const, code: "request.invalid", issues: fieldIssuesOf(error) },
        { status: 400 },
      );
    if (!isAppError(error)) throw error;
    return data({ ok: false as const, code: error.code, issues: [] }, { status: error.status });
  }
}

/**
 * D16: a settings screen's stored options, behind the screen's access rule (the sections
 * registry: manage_options), read inside the account's transaction with defaults filled in.
 */
export async function openSettingsEditor<const O extends readonly SiteOption[]>(
  database: Database,
  { account, viewer, pathname, options }: DashboardRequest & { options: O },
) {
  const section = await openDashboardSection(database, { account, viewer, pathname });
  const { accountId } = account;
  const stored = await database.forAccount(accountId, (tx) =>
    getSiteOptions(tx, { accountId, options }),
  );
  return { section, siteName: siteNameOf(account), options: stored };
}

/**
 * D16: the save of a settings screen, for the parts it edits (a body naming a part and its
 * value; a part the screen does not list is refused): the screen's access rule, then the
 * options' one save, which answers the refused fields or drops the caches on every instance.
 */
export function answerSettingsPartSave(args: ActionFunctionArgs, parts: readonly SavablePart[]) {
  return answerSettingsSave(args, async (database, request, body): Promise<SettingsSaveAnswer> => {
    const input = settingsSaveSchema.safeParse(body);
    if (!input.success) throw new AppError({ code: "request.invalid" });
    await openDashboardSection(database, request);
    const { accountId } = request.account;
    requireSiteManager(request.viewer, { accountId, hostAccountId: accountId });
    const part = parts.find((candidate) => candidate.name === input.data.part);
    if (!part) throw new AppError({ code: "request.invalid" });
    return saveSiteOption(database, {
      accountId,
      part,
      value: input.data.value,
      caches: request.caches,
    });
  });
}
