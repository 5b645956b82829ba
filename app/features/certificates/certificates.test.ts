import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AccountSummary } from "~/features/accounts/accounts";
import { enrolments } from "~/features/learning/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { pageCacheKey } from "~/features/site/cacheable-pages";
import { createAccount, createCourse, createMember } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { certificateCodePattern } from "./certificate-option";
import {
  certificateForDownload,
  issueCertificate,
  listMyCertificates,
  verifyCertificate,
} from "./certificates.server";

describe.each(backends)("issue 15 scope 6: certificates on %s", (backend) => {
  let db: TestDatabase;
  let account: AccountSummary;
  let student: Viewer;
  let other: Viewer;
  let owner: Viewer;
  let courseId: string;
  let noCertificateCourseId: string;

  const viewerOf = async (roleName: string, caps: string[]) => {
    const { user, membership } = await createMember(db.database, {
      accountId: account.accountId,
      roleName,
    });
    return {
      user: { ...user, image: null },
      membership: { ...membership, caps },
      isSuperAdmin: false,
    } as unknown as Viewer;
  };
  const enrol = (userId: string, course: string, completed: boolean) =>
    db.database.forAccount(account.accountId, (tx) =>
      tx.insert(enrolments).values({
        accountId: account.accountId,
        courseId: course,
        userId,
        source: "free",
        status: completed ? "completed" : "active",
        completedAt: completed ? new Date() : null,
        progressPercent: completed ? 100 : 40,
      }),
    );

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    account = (await createAccount(db.database, {
      settings: { plan: "professional", features: ["lms"], sitetitle: "Demo Academy" },
    })) as unknown as AccountSummary;
    student = await viewerOf("student", []);
    other = await viewerOf("student", []);
    owner = await viewerOf("site_owner", ["manage_options"]);
    courseId = (
      await createCourse(db.database, {
        accountId: account.accountId,
        title: "Design basics",
        settings: { certificate: true },
      })
    ).id;
    noCertificateCourseId = (
      await createCourse(db.database, { accountId: account.accountId, title: "No paper" })
    ).id;
  });
  afterAll(() => db?.dispose());

  const issue = (userId: string, course = courseId) =>
    issueCertificate(db.database, { accountId: account.accountId, courseId: course, userId });

  test("M1 certificate: a course not completed is refused, then issued once completed", async () => {
    await expect(issue(student.user.id)).rejects.toMatchObject({
      code: "certificates.notCompleted",
    });
    await enrol(student.user.id, courseId, false);
    await expect(issue(student.user.id)).rejects.toMatchObject({
      code: "certificates.notCompleted",
    });
    await db.database.forAccount(account.accountId, (tx) =>
      tx
        .update(enrolments)
        .set({ status: "completed", completedAt: new Date(), progressPercent: 100 })
        .where(
          and(eq(enrolments.accountId, account.accountId), eq(enrolments.userId, student.user.id)),
        ),
    );
    const certificate = await issue(student.user.id);
    expect(certificate.code).toMatch(certificateCodePattern);
    expect(certificate.courseTitle).toBe("Design basics");
    expect(certificate.studentName).toBeTruthy();
  });

  test("M1 certificate: issuing twice (and at once) gives the same certificate and code", async () => {
    const first = await issue(student.user.id);
    const again = await Promise.all([issue(student.user.id), issue(student.user.id)]);
    expect(again.map((c) => c.code)).toEqual([first.code, first.code]);
    const [{ count }] = (
      await db.database.forAccount(account.accountId, (tx) =>
        tx.execute<{ count: number }>(
          sql`select count(*)::int as count from certificates where user_id = ${student.user.id}`,
        ),
      )
    ).rows as [{ count: number }];
    expect(count).toBe(1);
  });

  test("M1 certificate: a course without certificates, or a plan without the add-on, issues none", async () => {
    await enrol(other.user.id, noCertificateCourseId, true);
    await expect(issue(other.user.id, noCertificateCourseId)).rejects.toMatchObject({
      code: "certificates.notOffered",
    });
    const lifetime = await createAccount(db.database, {
      settings: { plan: "nonexistent-plan", features: ["lms"] },
    });
    await expect(
      issueCertificate(db.database, {
        accountId: lifetime.accountId,
        courseId,
        userId: student.user.id,
      }),
    ).rejects.toMatchObject({ code: "certificates.notOffered" });
  });

  test("M1 certificate: the verification page opens for an anonymous visitor", async () => {
    const { code } = await issue(student.user.id);
    const seen = await verifyCertificate(db.database, { account, code, viewer: null });
    expect(seen).toMatchObject({
      valid: true,
      certificate: { code, courseTitle: "Design basics", siteName: "Demo Academy" },
      pdfUrl: null,
    });
    // Lower case and spaces around are the same code; an unknown or malformed one is unknown.
    expect(
      (
        await verifyCertificate(db.database, {
          account,
          code: ` ${code.toLowerCase()} `,
          viewer: null,
        })
      ).valid,
    ).toBe(true);
    expect(
      await verifyCertificate(db.database, { account, code: "ABCD-EFGH-JKLM-NPQR", viewer: null }),
    ).toMatchObject({ valid: false });
    expect(
      await verifyCertificate(db.database, { account, code: "x\u0000'; drop", viewer: null }),
    ).toMatchObject({ valid: false, code: "" });
    // Another site does not know this site's certificate.
    const elsewhere = (await createAccount(db.database)) as unknown as AccountSummary;
    expect(
      await verifyCertificate(db.database, { account: elsewhere, code, viewer: null }),
    ).toMatchObject({ valid: false });
    // The page is never kept by the page cache (its owner's view has the PDF link).
    expect(pageCacheKey(new URL(`http://demo.localhost/certificates/${code}`))).toBeNull();
  });

  test("M1 certificate: the PDF is its owner's and the managers', nobody else's", async () => {
    const { code } = await issue(student.user.id);
    const origin = "http://demo.localhost";
    const download = (viewer: Viewer | null) =>
      certificateForDownload(db.database, { account, code, viewer, origin });
    const mine = await download(student);
    expect(mine.facts.verifyUrl).toBe(`${origin}/certificates/${code}`);
    expect(mine.template.accent).toMatch(/^#/);
    await expect(download(owner)).resolves.toBeTruthy();
    await expect(download(other)).rejects.toMatchObject({ code: "route.notFound" });
    await expect(download(null)).rejects.toMatchObject({ code: "not_authenticated" });
    expect(
      (await verifyCertificate(db.database, { account, code, viewer: student })).valid &&
        (await verifyCertificate(db.database, { account, code, viewer: student })),
    ).toMatchObject({ pdfUrl: `/api/certificates/${code}/pdf` });
    const list = await listMyCertificates(db.database, { account, viewer: student, origin });
    expect(list.map((c) => c.code)).toEqual([code]);
    expect(await listMyCertificates(db.database, { account, viewer: other, origin })).toEqual([]);
  });
});
