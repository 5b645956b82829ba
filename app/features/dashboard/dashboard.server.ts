import { siteNameOf } from "~/features/accounts/accounts";
import { isPlatformAccount } from "~/features/accounts/accounts.server";
import type { AccountSummary } from "~/features/accounts/accounts";
import { affiliateProgrammeOpen } from "~/features/affiliates/affiliates.server";
import type { Viewer } from "~/features/members/members.server";
import { getSiteOptions } from "~/features/options/options.server";
import { dashboardOption } from "./dashboard-option";
import { accountAddons, accountFeatures } from "~/features/plans/plans";
import { findPlan } from "~/features/plans/plans.server";
import { readThrough, type Remember } from "~/platform/cache/account-memo";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import {
  hasAccountMenu,
  profileMenu,
  quickCreateMenu,
  sidebarMenu,
  type MenuContext,
  type MenuItem,
} from "./menus";
import { sectionForPath, type DashboardSection } from "./sections";

export type DashboardShell = {
  siteName: string;
  /**
   * A site's shell has its live controls (who is online, chat, notifications over the socket);
   * the platform's console has no socket of its own (decision 037).
   */
  live: boolean;
  /** The account is onboarding: the guided tour starts by itself (D4). */
  onboard: boolean;
  sidebar: { kind: "superAdmin" | "owner" | "member"; items: MenuItem[] };
  quickCreate: MenuItem[];
  /** Null when the viewer has no account menu (D1). */
  accountMenu: { manage: MenuItem[] } | null;
  person: {
    id: string;
    name: string;
    email: string;
    avatar: string | null;
    role: string | null;
  };
};

/** The dashboard is for this site's members and the platform's super-admins. */
export function requireDashboardViewer(viewer: Viewer, account: AccountSummary): void {
  if (viewer.isSuperAdmin) return;
  if (viewer.membership?.accountId !== account.accountId)
    throw new AppError({ code: "auth.forbidden" });
}

/** The facts every menu and screen check is built from (A10 features, caps, roles). */
export async function loadMenuContext(
  database: Database,
  { account, viewer }: { account: AccountSummary; viewer: Viewer },
): Promise<MenuContext> {
  requireDashboardViewer(viewer, account);
  const plan = account.settings.plan ? await findPlan(database, account.settings.plan) : undefined;
  return {
    caps: viewer.membership?.caps ?? [],
    features: accountFeatures({ plan, chosen: account.settings.features }),
    addons: accountAddons({ plan, chosen: account.settings.addons }),
    isSuperAdmin: viewer.isSuperAdmin,
    isOwner: viewer.membership?.role === "site_owner",
  };
}

/**
 * D1, D5–D10: everything the shell shows this viewer on this account. The stored member menu is
 * the account's, the same for everyone: `remember` keeps it until the account's options change
 * (every save of an option drops it, on every instance).
 */
export async function loadDashboardShell(
  database: Database,
  { account, viewer }: { account: AccountSummary; viewer: Viewer },
  remember: Remember = readThrough,
): Promise<DashboardShell> {
  const facts = await loadMenuContext(database, { account, viewer });
  // Only the member menu shows the affiliate item: the console and the owner's menu need no read.
  const memberSidebar = !facts.isSuperAdmin && !facts.isOwner;
  const context: MenuContext = {
    ...facts,
    affiliateProgramme:
      memberSidebar && !isPlatformAccount(account.accountId)
        ? await remember(account.accountId, "affiliateProgramme", () =>
            affiliateProgrammeOpen(database, account.accountId),
          )
        : false,
  };
  const { dashboard } = await remember(account.accountId, "dashboardOption", () =>
    database.forAccount(account.accountId, (tx) =>
      getSiteOptions(tx, { accountId: account.accountId, options: [dashboardOption] }),
    ),
  );
  return {
    siteName: siteNameOf(account),
    live: !isPlatformAccount(account.accountId),
    onboard: Boolean(account.settings.onboard),
    sidebar: sidebarMenu(context, dashboard?.member_menu),
    quickCreate: quickCreateMenu(context),
    accountMenu: hasAccountMenu(context)
      ? {
          // Each link behind its screen's own rule (Appointments needs the site's feature).
          manage: context.caps.includes("manage_options")
            ? profileMenu.filter((link) => sectionForPath(link.href)?.access(context) ?? true)
            : [],
        }
      : null,
    person: {
      id: viewer.user.id,
      name: viewer.membership?.name ?? viewer.user.name,
      email: viewer.user.email,
      avatar: viewer.membership?.avatar ?? viewer.user.image,
      role: viewer.membership?.role ?? null,
    },
  };
}

/** A screen of the registry, if this viewer may open it: 404 for no such screen, else 403. */
export async function openDashboardSection(
  database: Database,
  { account, viewer, pathname }: { account: AccountSummary; viewer: Viewer; pathname: string },
): Promise<Pick<DashboardSection, "id" | "path">> {
  const section = sectionForPath(pathname);
  if (!section) throw new AppError({ code: "route.notFound" });
  const context = await loadMenuContext(database, { account, viewer });
  if (!section.access(context)) throw new AppError({ code: "auth.forbidden" });
  return { id: section.id, path: section.path };
}

/** D8: the member menu's stored ids (null = all, default order), for its editor. */
export async function loadMemberMenuSetting(
  database: Database,
  { account, viewer }: { account: AccountSummary; viewer: Viewer },
): Promise<{ enabled: string[] | null }> {
  const context = await loadMenuContext(database, { account, viewer });
  if (!context.caps.includes("manage_options")) throw new AppError({ code: "auth.forbidden" });
  const { dashboard } = await database.forAccount(account.accountId, (tx) =>
    getSiteOptions(tx, { accountId: account.accountId, options: [dashboardOption] }),
  );
  return { enabled: dashboard?.member_menu ?? null };
}

export * from "./dashboard-screen.server";
export * from "./settings-screen.server";
export * from "./home.server";
