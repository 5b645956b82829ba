// The console's accounts: the list (search, status, two orders, 25 a page) and one account's
// detail. `accounts` is a global table any request may read (asApp); what lives in the sites'
// own rows (owners, members, meters) is read in each site's context (account-people.server.ts).
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
} from "drizzle-orm";
import { PLATFORM_ACCOUNT_ID, siteOrigin, type Account } from "~/features/accounts/accounts.server";
import { accountFeatureNames, siteNameOf } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import { accountFeatures } from "~/features/plans/plans";
import { findPlan, listPlans } from "~/features/plans/plans.server";
import { readMeters } from "~/features/usage/usage.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import {
  accountsOwnedByEmail,
  containing,
  peopleOf,
  peopleVisibleIn,
  type SitePeople,
} from "./account-people.server";
import {
  consolePageSize,
  type AccountDetail,
  type AccountRow,
  type AccountsQuery,
  type Paged,
} from "./console-views";

/** Where sites live: the deployment's base domain, and any URL of this request for scheme and port. */
export type SitePlace = { baseDomain: string; like: string };

/**
 * What the search reads of a site: its address, custom domain and title as one text — one
 * ILIKE a row, and one expression a trigram index can serve (asked of the lead with the figures
 * of bench/console.ts).
 */
const searchText = sql`(${accounts.slug} || ' ' || coalesce(${accounts.domain}, '') || ' ' || coalesce(${accounts.settings} ->> 'sitetitle', ''))`;

/**
 * One page of accounts with their total: never the platform's own account, the status asked
 * for, and a term found in the site's address, domain or title, or (where readable) an owner's
 * address. By slug (the default) the unique index on `slug` serves the order and the offset;
 * "newest" sorts on `created_at`, the id breaking ties. A filtered list is counted in the scan
 * that finds it; the whole list by a count of its own, beside the index's page.
 */
export async function pageOfAccounts(
  database: Database,
  { q, status, sort, page }: Pick<AccountsQuery, "q" | "status" | "sort" | "page">,
): Promise<Paged<Account> & { seen: Map<string, SitePeople> }> {
  const order =
    sort === "newest" ? [desc(accounts.createdAt), desc(accounts.accountId)] : [asc(accounts.slug)];
  const offset = (page - 1) * consolePageSize;
  // The platform's context: `accounts` is readable from any, owners only (if at all) from it.
  return database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
    const owned = q ? await accountsOwnedByEmail(tx, q) : [];
    const where = and(
      ne(accounts.accountId, PLATFORM_ACCOUNT_ID),
      status === "active" ? isNull(accounts.suspendedAt) : undefined,
      status === "suspended" ? isNotNull(accounts.suspendedAt) : undefined,
      q
        ? or(
            ilike(searchText, containing(q)),
            owned.length > 0 ? inArray(accounts.accountId, owned) : undefined,
          )
        : undefined,
    );
    const countAll = () =>
      tx
        .select({ total: count() })
        .from(accounts)
        .where(where)
        .then(([row]) => row?.total ?? 0);
    // The page's owners and members, where the platform's context may read them (see peopleOf).
    const withPeople = async (rows: Account[], total: number) => ({
      rows,
      total,
      page,
      pageSize: consolePageSize,
      seen: await peopleVisibleIn(
        tx,
        rows.map((row) => row.accountId),
      ),
    });
    if (!q && status === "all") {
      const [rows, total] = await Promise.all([
        tx
          .select()
          .from(accounts)
          .where(where)
          .orderBy(...order)
          .limit(consolePageSize)
          .offset(offset),
        countAll(),
      ]);
      return withPeople(rows, total);
    }
    const found = await tx
      .select({ account: accounts, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(accounts)
      .where(where)
      .orderBy(...order)
      .limit(consolePageSize)
      .offset(offset);
    const total = found[0]?.total ?? (offset > 0 ? await countAll() : 0);
    return withPeople(
      found.map((row) => row.account),
      total,
    );
  });
}

function rowOf(
  account: Account,
  people: { owners: { email: string }[]; members: number } | undefined,
  { place, planLabels }: { place: SitePlace; planLabels: ReadonlyMap<string, string> },
): AccountRow {
  return {
    accountId: account.accountId,
    slug: account.slug,
    domain: account.domain,
    title: siteNameOf(account),
    plan: account.settings.plan ?? null,
    planLabel: planLabels.get(account.settings.plan ?? "") ?? null,
    ownerEmail: people?.owners[0]?.email ?? null,
    members: people?.members ?? 0,
    createdAt: account.createdAt.toISOString(),
    suspendedAt: account.suspendedAt?.toISOString() ?? null,
    siteUrl: siteOrigin({ slug: account.slug, domain: account.domain, ...place }),
  };
}

/** The list as the screen shows it: each site of the page with its first owner and its size. */
export async function listAccounts(
  database: Database,
  { query, place }: { query: AccountsQuery; place: SitePlace },
): Promise<Paged<AccountRow>> {
  const [{ seen, ...page }, plans] = await Promise.all([
    pageOfAccounts(database, query),
    listPlans(database),
  ]);
  const people = await peopleOf(
    database,
    page.rows.map((row) => row.accountId),
    seen,
  );
  const planLabels = new Map(plans.map((plan) => [plan.id, plan.label]));
  return {
    ...page,
    rows: page.rows.map((account) =>
      rowOf(account, people.get(account.accountId), { place, planLabels }),
    ),
  };
}

/** An account the console may act on: any site's, never the platform's own (404 otherwise). */
export async function findConsoleAccount(database: Database, accountId: string): Promise<Account> {
  const [account] =
    accountId === PLATFORM_ACCOUNT_ID
      ? []
      : await database.asApp((tx) =>
          tx.select().from(accounts).where(eq(accounts.accountId, accountId)).limit(1),
        );
  if (!account) throw new AppError({ code: "tenant.notFound" });
  return account;
}

/** The drawer: owners, plan, its features within the plan, this month's meters. */
export async function loadAccountDetail(
  database: Database,
  {
    accountId,
    hostAccountId,
    place,
  }: { accountId: string; hostAccountId: string; place: SitePlace },
): Promise<AccountDetail> {
  const account = await findConsoleAccount(database, accountId);
  const people = (await peopleOf(database, [accountId])).get(accountId)!;
  const plan = account.settings.plan ? await findPlan(database, account.settings.plan) : undefined;
  const on = accountFeatures({ plan, chosen: account.settings.features });
  const meters = await readMeters(database, { accountId, limits: plan?.limits ?? {} });
  const planLabels = new Map(plan ? [[plan.id, plan.label]] : []);
  return {
    ...rowOf(account, people, { place, planLabels }),
    owners: people.owners,
    features: accountFeatureNames.map((name) => ({
      name,
      included: Boolean(plan?.features.includes(name)),
      on: on.includes(name),
    })),
    meters: meters.map(({ meter, used, limit, state }) => ({ meter, used, limit, state })),
    isHost: accountId === hostAccountId,
  };
}
