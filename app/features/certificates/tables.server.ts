import {
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  index,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { courses } from "../courses/tables.server";
import { members } from "../members/tables.server";

/**
 * A certificate issued on completing a course. The name and title are kept as they were on the
 * day, so a renamed course or person does not rewrite a certificate already handed out; `code`
 * is the unguessable part of its public verification address.
 */
export const certificates = pgTable(
  "certificates",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    code: text("code").notNull(),
    courseId: uuid("course_id").notNull(),
    userId: text("user_id").notNull(),
    studentName: text("student_name").notNull(),
    courseTitle: text("course_title").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("certificates_code").on(t.accountId, t.code),
    uniqueIndex("certificates_course_user").on(t.accountId, t.courseId, t.userId),
    index("certificates_issued").on(t.accountId, t.issuedAt),
    foreignKey({
      columns: [t.accountId, t.courseId],
      foreignColumns: [courses.accountId, courses.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("certificates"),
  ],
);
