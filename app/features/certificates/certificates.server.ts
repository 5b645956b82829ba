// Certificates (issue 15 scope 6, the free certificates add-on): issuing on completion, the
// public verification, a member's list, the PDF and the owner's template.
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { siteNameOf, type AccountSummary } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import { lmsEnabled } from "~/features/courses/courses.server";
import { can, type Viewer } from "~/features/members/members.server";
import { getSiteOptions } from "~/features/options/options.server";
import { accountAddons } from "~/features/plans/plans";
import { findPlan } from "~/features/plans/plans.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import {
  certificateCodePattern,
  certificatePath,
  certificatePdfPath,
  certificatesOption,
  defaultCertificateTemplate,
  type CertificateFacts,
  type CertificateTemplate,
  type CertificateVerification,
  type MemberCertificate,
} from "./certificate-option";
import {
  certificatesOf,
  findCertificate,
  findCertificateByCode,
  insertCertificate,
  issuingFacts,
} from "./queries.server";

export type { CertificateTemplate };
export { renderCertificatePdf } from "./pdf.server";

const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 16 characters of 32 (80 bits), unguessable: the public address of a certificate. */
export function newCertificateCode(): string {
  const characters = Array.from({ length: 16 }, () => codeAlphabet[randomInt(codeAlphabet.length)]);
  return [0, 4, 8, 12].map((at) => characters.slice(at, at + 4).join("")).join("-");
}

/**
 * The certificates add-on (spec §9: every plan lists it, free): a site has it while its plan
 * gives it, the owner has not switched it off on /dashboard/addons, and its lms is on. Without
 * it nothing is issued; certificates issued before stay verifiable at their address.
 */
export async function certificatesAvailable(
  database: Database,
  account: Pick<AccountSummary, "settings">,
): Promise<boolean> {
  const planId = account.settings.plan;
  const plan = planId ? await findPlan(database, planId) : undefined;
  if (!accountAddons({ plan, chosen: account.settings.addons }).includes("certificates"))
    return false;
  return lmsEnabled(database, account as AccountSummary);
}

async function accountSettings(database: Database, accountId: string) {
  const [row] = await database.asApp((tx) =>
    tx
      .select({ settings: accounts.settings })
      .from(accounts)
      .where(eq(accounts.accountId, accountId)),
  );
  return row ?? null;
}

/**
 * Issue a course's certificate to a member who completed it: once (the same certificate, same
 * code, every later call), only when the enrolment is completed, the course gives certificates
 * (`settings.certificate`) and the site has the add-on. The student's name and course title are
 * kept as they are today. One transaction.
 */
export async function issueCertificate(
  database: Database,
  { accountId, courseId, userId }: { accountId: string; courseId: string; userId: string },
) {
  const account = await accountSettings(database, accountId);
  if (!account || !(await certificatesAvailable(database, account)))
    throw new AppError({ code: "certificates.notOffered" });
  return database.forAccount(accountId, (tx) =>
    issueCertificateIn(tx, { accountId, courseId, userId }),
  );
}

/** The same, inside the caller's transaction (course completion issues it as it completes). */
export async function issueCertificateIn(
  tx: Tx,
  { accountId, courseId, userId }: { accountId: string; courseId: string; userId: string },
) {
  const existing = await findCertificate(tx, { accountId, courseId, userId });
  if (existing) return existing;
  const facts = await issuingFacts(tx, { accountId, courseId, userId });
  if (!facts || facts.status === "cancelled" || !facts.completedAt)
    throw new AppError({ code: "certificates.notCompleted" });
  if (facts.settings.certificate !== true) throw new AppError({ code: "certificates.notOffered" });
  const inserted = await insertCertificate(tx, {
    accountId,
    courseId,
    userId,
    code: newCertificateCode(),
    studentName: facts.studentName,
    courseTitle: facts.courseTitle,
  });
  // Issued at the same moment by another request: that one is the certificate.
  return inserted ?? (await findCertificate(tx, { accountId, courseId, userId }))!;
}

/** The site's template, defaults filled in. */
export async function loadCertificateTemplate(
  tx: Tx,
  { accountId }: { accountId: string },
): Promise<CertificateTemplate> {
  const { certificates } = await getSiteOptions(tx, { accountId, options: [certificatesOption] });
  return { ...defaultCertificateTemplate, ...certificates };
}

const isManager = (viewer: Viewer | null) =>
  Boolean(viewer && (viewer.isSuperAdmin || can(viewer, "manage_options")));

/**
 * The public verification page: anyone, signed in or not. A code of the wrong shape is simply
 * unknown (no database read). The PDF link is offered to the certificate's owner and managers.
 */
export async function verifyCertificate(
  database: Database,
  { account, code, viewer }: { account: AccountSummary; code: string; viewer: Viewer | null },
): Promise<CertificateVerification> {
  const siteName = siteNameOf(account);
  const normalised = code.trim().toUpperCase();
  if (!certificateCodePattern.test(normalised)) return { valid: false, code: "", siteName };
  const row = await database.forAccount(account.accountId, (tx) =>
    findCertificateByCode(tx, { accountId: account.accountId, code: normalised }),
  );
  if (!row) return { valid: false, code: normalised, siteName };
  const mayDownload = Boolean(viewer && (viewer.user.id === row.userId || isManager(viewer)));
  return {
    valid: true,
    certificate: {
      code: row.code,
      studentName: row.studentName,
      courseTitle: row.courseTitle,
      issuedAt: row.issuedAt.toISOString(),
      siteName,
    },
    pdfUrl: mayDownload ? certificatePdfPath(row.code) : null,
  };
}

/**
 * The PDF's facts and template for its owner or the site's managers; anyone else, signed in or
 * not, is told it is not found (the page at the verification address says it is valid; the PDF
 * itself is the member's document).
 */
export async function certificateForDownload(
  database: Database,
  {
    account,
    code,
    viewer,
    origin,
  }: { account: AccountSummary; code: string; viewer: Viewer | null; origin: string },
): Promise<{ facts: CertificateFacts; template: CertificateTemplate }> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  const normalised = code.trim().toUpperCase();
  if (!certificateCodePattern.test(normalised)) throw new AppError({ code: "route.notFound" });
  const { accountId } = account;
  return database.forAccount(accountId, async (tx) => {
    const row = await findCertificateByCode(tx, { accountId, code: normalised });
    if (!row || (row.userId !== viewer.user.id && !isManager(viewer)))
      throw new AppError({ code: "route.notFound" });
    const template = await loadCertificateTemplate(tx, { accountId });
    return {
      template: { ...template, logo: template.logo || account.settings.logo || "" },
      facts: {
        code: row.code,
        studentName: row.studentName,
        courseTitle: row.courseTitle,
        issuedAt: row.issuedAt.toISOString(),
        siteName: siteNameOf(account),
        verifyUrl: `${origin}${certificatePath(row.code)}`,
      },
    };
  });
}

/** A member's own certificates, newest first. */
export async function listMyCertificates(
  database: Database,
  { account, viewer, origin }: { account: AccountSummary; viewer: Viewer; origin: string },
): Promise<MemberCertificate[]> {
  const { accountId } = account;
  const rows = await database.forAccount(accountId, (tx) =>
    certificatesOf(tx, { accountId, userId: viewer.user.id }),
  );
  return rows.map((row) => ({
    code: row.code,
    courseTitle: row.courseTitle,
    issuedAt: row.issuedAt.toISOString(),
    verifyUrl: `${origin}${certificatePath(row.code)}`,
    pdfUrl: certificatePdfPath(row.code),
  }));
}

/**
 * The certificate a student earned by completing a course, issued on first sight (the player
 * asks once the course is complete): null when the course or the site's plan gives none.
 */
export async function certificateOnCompletion(
  database: Database,
  {
    account,
    viewer,
    courseId,
    origin,
  }: { account: AccountSummary; viewer: Viewer; courseId: string; origin: string },
): Promise<MemberCertificate | null> {
  try {
    const row = await issueCertificate(database, {
      accountId: account.accountId,
      courseId,
      userId: viewer.user.id,
    });
    return {
      code: row.code,
      courseTitle: row.courseTitle,
      issuedAt: row.issuedAt.toISOString(),
      verifyUrl: `${origin}${certificatePath(row.code)}`,
      pdfUrl: certificatePdfPath(row.code),
    };
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === "certificates.notOffered" || error.code === "certificates.notCompleted")
    )
      return null;
    throw error;
  }
}
