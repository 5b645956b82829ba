// The console feature's server door (issue 17 scope 7, M8): what the console's route modules
// and the server wiring use. Every use case asks for a super-admin itself, whatever the route
// checked before (the sections registry's rule): the console is theirs alone.
import { siteNameOf, type AccountSummary } from "~/features/accounts/accounts";
import { asPlatformAccount, findAccountForSlug } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import type { OptionCaches } from "~/features/options/options.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { restoreAccount, setAccountFeatures, suspendAccount } from "./account-commands.server";
import {
  listAccounts,
  loadAccountDetail,
  pageOfAccounts,
  type SitePlace,
} from "./account-list.server";
import { peopleOf, personFacts } from "./account-people.server";
import { listAudit, type Actor } from "./audit.server";
import {
  consoleCommandSchema,
  consolePageSize,
  parseAccountsQuery,
  parseAuditQuery,
  parseOwnersQuery,
  type AccountsScreen,
  type AuditScreen,
  type ConsoleAnswer,
  type OwnerRow,
  type OwnersScreen,
} from "./console-views";
import { issueOwnerEntry } from "./owner-entry.server";

export { consoleApi } from "./api.server";
export { loadConsoleHome } from "./console-home.server";

/** Who may use the console, and in whose name its actions are recorded. */
function consoleActor(viewer: Viewer | null): Actor {
  return asPlatformAccount(viewer, () => ({ id: viewer!.user.id, email: viewer!.user.email }));
}

type ScreenRequest = { viewer: Viewer; account: AccountSummary; search: URLSearchParams };

/** /dashboard/accounts: the list, and the drawer of the account its query names. */
export async function loadAccountsScreen(
  database: Database,
  { viewer, account, search, place }: ScreenRequest & { place: SitePlace },
): Promise<AccountsScreen> {
  consoleActor(viewer);
  const query = parseAccountsQuery(search);
  const accounts = await listAccounts(database, { query, place });
  const detail = query.account
    ? await loadAccountDetail(database, {
        accountId: query.account,
        hostAccountId: account.accountId,
        place,
      }).catch((error: unknown) => {
        // An account that is gone (or never was) closes the drawer rather than failing the page.
        if (error instanceof AppError && error.code === "tenant.notFound") return null;
        throw error;
      })
    : null;
  return { query, accounts, detail };
}

/** The accounts screen's action: suspend, restore, features, open as owner (a JSON body). */
export async function answerConsoleCommand(
  { database, caches }: { database: Database; caches: OptionCaches | null },
  {
    viewer,
    account,
    body,
    clientIp,
    place,
  }: {
    viewer: Viewer;
    account: AccountSummary;
    body: unknown;
    clientIp: string;
    place: SitePlace;
  },
): Promise<ConsoleAnswer> {
  const actor = consoleActor(viewer);
  const input = consoleCommandSchema.safeParse(body);
  if (!input.success) throw new AppError({ code: "request.invalid" });
  const command = input.data;
  const deps = {
    database,
    invalidateAccount: async (accountId: string) => {
      await caches?.invalidateAccount(accountId, null);
    },
  };
  const { accountId } = command;
  if (command.intent === "suspend")
    await suspendAccount(deps, { actor, accountId, hostAccountId: account.accountId });
  else if (command.intent === "restore") await restoreAccount(deps, { actor, accountId });
  else if (command.intent === "features")
    await setAccountFeatures(deps, { actor, accountId, features: command.features });
  else {
    const { url } = await issueOwnerEntry(database, { actor, accountId, clientIp, place });
    return { ok: true, url };
  }
  return { ok: true };
}

/**
 * /dashboard/accounts/owners: the owners of a page of sites (the same search as the accounts
 * list), one row per person with each of their sites on the page.
 */
export async function loadOwnersScreen(
  database: Database,
  { viewer, search }: Pick<ScreenRequest, "viewer" | "search">,
): Promise<OwnersScreen> {
  consoleActor(viewer);
  const query = parseOwnersQuery(search);
  const { seen, ...sites } = await pageOfAccounts(database, {
    ...query,
    status: "all",
    sort: "slug",
  });
  const people = await peopleOf(
    database,
    sites.rows.map((site) => site.accountId),
    seen,
  );
  const byPerson = new Map<string, OwnerRow>();
  for (const site of sites.rows) {
    for (const owner of people.get(site.accountId)?.owners ?? []) {
      const row = byPerson.get(owner.userId) ?? {
        ...owner,
        emailVerified: false,
        createdAt: "",
        sites: [],
      };
      row.sites.push({
        accountId: site.accountId,
        slug: site.slug,
        title: siteNameOf(site),
        suspended: Boolean(site.suspendedAt),
      });
      byPerson.set(owner.userId, row);
    }
  }
  const facts = await personFacts(database, [...byPerson.keys()]);
  const rows = [...byPerson.values()].map((row) => ({
    ...row,
    emailVerified: facts.get(row.userId)?.emailVerified ?? false,
    createdAt: facts.get(row.userId)?.createdAt.toISOString() ?? "",
  }));
  return { query, owners: { ...sites, rows } };
}

/** /dashboard/accounts/audit: the log, newest first, of every site or of the one named. */
export async function loadAuditScreen(
  database: Database,
  { viewer, search }: Pick<ScreenRequest, "viewer" | "search">,
): Promise<AuditScreen> {
  consoleActor(viewer);
  const query = parseAuditQuery(search);
  const named = query.site ? await findAccountForSlug(database, query.site) : undefined;
  const site = named ? { accountId: named.accountId, slug: named.slug } : null;
  // A site that does not exist filters everything out rather than showing every site's rows.
  const entries =
    query.site && !site
      ? { rows: [], total: 0, page: query.page, pageSize: consolePageSize }
      : await listAudit(database, { targetAccountId: site?.accountId ?? null, page: query.page });
  return { query, site, entries };
}
