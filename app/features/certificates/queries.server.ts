import { and, desc, eq } from "drizzle-orm";
import { courses } from "~/features/courses/tables.server";
import { enrolments } from "~/features/learning/tables.server";
import { members } from "~/features/members/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { certificates } from "./tables.server";

export async function findCertificate(
  tx: Tx,
  { accountId, courseId, userId }: { accountId: string; courseId: string; userId: string },
) {
  const [row] = await tx
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.accountId, accountId),
        eq(certificates.courseId, courseId),
        eq(certificates.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findCertificateByCode(
  tx: Tx,
  { accountId, code }: { accountId: string; code: string },
) {
  const [row] = await tx
    .select()
    .from(certificates)
    .where(and(eq(certificates.accountId, accountId), eq(certificates.code, code)))
    .limit(1);
  return row ?? null;
}

/** What issuing needs to know: the enrolment, the course's setting and the member's name. */
export async function issuingFacts(
  tx: Tx,
  { accountId, courseId, userId }: { accountId: string; courseId: string; userId: string },
) {
  const [row] = await tx
    .select({
      status: enrolments.status,
      completedAt: enrolments.completedAt,
      courseTitle: courses.title,
      settings: courses.settings,
      studentName: members.name,
    })
    .from(enrolments)
    .innerJoin(
      courses,
      and(eq(courses.accountId, enrolments.accountId), eq(courses.id, enrolments.courseId)),
    )
    .innerJoin(
      members,
      and(eq(members.accountId, enrolments.accountId), eq(members.userId, enrolments.userId)),
    )
    .where(
      and(
        eq(enrolments.accountId, accountId),
        eq(enrolments.courseId, courseId),
        eq(enrolments.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertCertificate(tx: Tx, values: typeof certificates.$inferInsert) {
  const [row] = await tx
    .insert(certificates)
    .values(values)
    .onConflictDoNothing({
      target: [certificates.accountId, certificates.courseId, certificates.userId],
    })
    .returning();
  return row ?? null;
}

export function certificatesOf(
  tx: Tx,
  { accountId, userId }: { accountId: string; userId: string },
) {
  return tx
    .select({
      code: certificates.code,
      courseTitle: certificates.courseTitle,
      issuedAt: certificates.issuedAt,
    })
    .from(certificates)
    .where(and(eq(certificates.accountId, accountId), eq(certificates.userId, userId)))
    .orderBy(desc(certificates.issuedAt));
}
