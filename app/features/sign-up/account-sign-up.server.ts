import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { AuthRegistry } from "~/features/auth/auth.server";
import { insertPerson, sendVerification, uniqueViolation } from "~/features/auth/auth.server";
import { withTrustedHeaders, type RequestFacts } from "~/features/auth/auth";
import { checkSiteOwner, type OwnerIdentity } from "~/features/auth/auth.server";
import { addMember } from "~/features/members/members.server";
import { findPlan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Logger } from "~/platform/logger.server";
import type { Mailer } from "~/platform/mail/mail.server";
import { renderMail, translate } from "~/platform/mail/templates.server";
import { findAccountForSlug } from "~/features/accounts/accounts.server";
import { insertAccountWithRoles } from "./new-account.server";
import { writeDefaultContent, type DefaultContent } from "./default-content.server";
import { siteOrigin } from "~/features/accounts/accounts";
import {
  accountFeatureNames,
  accountSignUpSchema,
  newSlugSchema,
  reservedSlugs,
  type AccountFeature,
} from "~/features/accounts/accounts";

export type AccountSignUpDeps = {
  database: Database;
  auth: AuthRegistry;
  mailer: Mailer;
  logger: Logger;
  baseDomain: string;
  /** The platform request: its headers, and the facts the server established about it. */
  headers: Headers;
  facts: RequestFacts;
  /** What the new site starts with; tests swap in one that fails. */
  content?: DefaultContent;
};

export type AccountSignUpResult = {
  accountId: string;
  slug: string;
  siteUrl: string;
  /** The new site's sign-in, with the owner's address to fill in (read by the page, not the server). */
  loginUrl: string;
  /** True when the owner must confirm their address (a new person) before signing in. */
  verifyEmail: boolean;
};

/**
 * Why a site address cannot be used, or null when it is free: the slug pattern, the reserved
 * names, then the accounts that exist. The form asks as the person types; sign-up asks again.
 */
export async function slugProblem(
  database: Database,
  slug: string,
): Promise<"invalid" | "reserved" | "taken" | null> {
  const parsed = newSlugSchema.safeParse(slug);
  if (!parsed.success) return "invalid";
  if (reservedSlugs.has(parsed.data)) return "reserved";
  return (await findAccountForSlug(database, parsed.data)) ? "taken" : null;
}

/**
 * P20 sign-up for a new account on the platform: the site at `{slug}.{base}`, its default roles,
 * its owner (a new person, or an existing one who proves their password), the owner's site_owner
 * membership and the site's default content.
 *
 * Everything that can be refused is checked before anything is written. Then every row, the new
 * person's included, goes in one transaction, so a failure or a crash never leaves a site without
 * its owner or an owner without their site. Mail goes after the commit.
 */
export async function signUpAccount(
  deps: AccountSignUpDeps,
  raw: unknown,
): Promise<AccountSignUpResult> {
  const { database } = deps;
  const input = accountSignUpSchema.parse(raw);
  if (reservedSlugs.has(input.slug)) throw new AppError({ code: "accounts.slugReserved" });
  const plan = await findPlan(database, input.plan);
  if (!plan) throw new AppError({ code: "accounts.unknownPlan" });
  if (await findAccountForSlug(database, input.slug))
    throw new AppError({ code: "accounts.slugTaken" });
  const existing = await checkSiteOwner(database, input);

  const accountId = randomUUID();
  const origin = siteOrigin({
    slug: input.slug,
    baseDomain: deps.baseDomain,
    like: deps.facts.origin,
  });
  // The new site's facts: better-auth's mail then links to, and names, the new site.
  const siteFacts: RequestFacts = {
    ...deps.facts,
    origin,
    linkOrigin: origin,
    accountId,
    siteName: input.siteName,
    lang: input.language,
  };
  const newOwner = existing
    ? null
    : { name: input.name, email: input.email, passwordHash: await hashPassword(input.password) };
  const features = plan.features.filter((name): name is AccountFeature =>
    (accountFeatureNames as readonly string[]).includes(name),
  );
  let owner: OwnerIdentity;
  try {
    owner = await database.ownerThenAccount(async (tx, enterAccount) => {
      const person = existing ?? (await insertPerson(tx, newOwner!));
      await enterAccount(accountId);
      await insertAccountWithRoles(tx, {
        accountId,
        slug: input.slug,
        settings: {
          sitetitle: input.siteName,
          description: translate(input.language, "accountDefaults.tagline", {}),
          defaultLanguage: input.language,
          currency: "USD",
          plan: plan.id,
          onboard: true,
          features,
        },
      });
      await addMember(tx, { accountId, user: person, roleName: "site_owner" });
      await (deps.content ?? writeDefaultContent)(tx, {
        accountId,
        siteName: input.siteName,
        lang: input.language,
      });
      return person;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    // Someone took the address between the check and now.
    if (constraint?.startsWith("users_"))
      throw new AppError({ code: "auth.emailInUse", cause: error });
    // Two people racing for one site address: the database's unique index decides.
    if (constraint !== null && (await findAccountForSlug(database, input.slug)))
      throw new AppError({ code: "accounts.slugTaken", cause: error });
    throw error;
  }

  if (!existing) {
    // The new site's better-auth: its mail links to, and signs the owner in on, the new site.
    await sendVerification(deps.auth.forOrigin(origin), {
      userId: owner.id,
      origin,
      headers: withTrustedHeaders(deps.headers, siteFacts),
    });
  }
  if (existing)
    await sendSiteReady(deps, {
      to: owner.email,
      origin,
      siteName: input.siteName,
      lang: input.language,
    });
  return {
    accountId,
    slug: input.slug,
    siteUrl: `${origin}/`,
    loginUrl: `${origin}/login?${new URLSearchParams({
      email: owner.email,
      welcome: owner.emailVerified ? "ready" : "verify",
    })}`,
    verifyEmail: !owner.emailVerified,
  };
}

/**
 * A person who already had a sign-in gets no verification mail, so they get this one: where
 * their new site is. A mail that fails to go does not undo the site; it is logged.
 */
async function sendSiteReady(
  { mailer, logger }: AccountSignUpDeps,
  { to, origin, siteName, lang }: { to: string; origin: string; siteName: string; lang: string },
) {
  try {
    const mail = renderMail({
      template: "accountReady",
      lang,
      vars: { siteName, url: `${origin}/login` },
    });
    await mailer.send({ site: new URL(origin).host, to, ...mail });
  } catch (error) {
    logger.warn({ err: error }, "the site-ready mail could not be sent");
  }
}
