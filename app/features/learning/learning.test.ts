import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lessons } from "~/features/courses/tables.server";
import { pointsTotal } from "~/features/gamification/gamification.server";
import type { Viewer } from "~/features/members/members.server";
import { capabilities, defaultRoles } from "~/features/members/capabilities";
import { createAccount, createCourse, createMember } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  emailsOfCsv,
  enrolByTeacher,
  enrolSelf,
  listStudents,
  setEnrolmentExpiry,
  unenrol,
} from "./enrolment.server";
import { linkParent, myCourses, unlinkParent } from "./my-courses.server";
import { completeLesson, enrolActionFor, loadPlayer, saveNote } from "./player.server";

const DAY = 86_400_000;

describe.each(logicBackends)(
  "issue 15 learning: enrolment, player, progress and parents on %s",
  (backend) => {
    let db: TestDatabase;
    let accountId: string;
    const people: Record<string, Viewer> = {};

    const viewerOf = async (roleName: string): Promise<Viewer> => {
      const { user } = await createMember(db.database, { accountId, roleName });
      const caps =
        roleName === "site_owner"
          ? [...capabilities]
          : defaultRoles.find((r) => r.name === roleName)!.caps;
      return {
        user: { ...user, image: null },
        membership: { role: roleName, caps } as unknown as Viewer["membership"],
        isSuperAdmin: false,
      };
    };

    const course = (
      values: Parameters<typeof createCourse>[1] extends infer V ? Partial<V> : never,
    ) =>
      createCourse(db.database, {
        accountId,
        authorId: people.teacher!.user.id,
        sections: [
          {
            title: "One",
            lessons: [
              {
                title: "Intro",
                type: "text",
                content: { html: "<p>Hello</p>" },
                freePreview: true,
              },
              { title: "Second", type: "text", content: { html: "<p>Secret two</p>" } },
            ],
          },
          {
            title: "Two",
            lessons: [
              {
                title: "Third",
                type: "video",
                content: { video: { source: "youtube", url: "https://youtu.be/dQw4w9WgXcQ" } },
              },
              { title: "Check", type: "quiz", content: {} },
            ],
          },
        ],
        ...values,
      });

    const lessonIds = async (courseId: string) => {
      const rows = await db.database.forAccount(accountId, (tx) =>
        tx
          .select({ id: lessons.id, title: lessons.title })
          .from(lessons)
          .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, courseId))),
      );
      return Object.fromEntries(rows.map((row) => [row.title, row.id])) as Record<string, string>;
    };

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      accountId = (await createAccount(db.database)).accountId;
      people.owner = await viewerOf("site_owner");
      people.teacher = await viewerOf("instructor");
      people.otherTeacher = await viewerOf("instructor");
      people.student = await viewerOf("student");
      people.other = await viewerOf("student");
      people.parent = await viewerOf("parent");
    });
    afterAll(() => db?.dispose());

    test("M1 enrolment: a member enrols in a free published course with one click, once", async () => {
      const c = await course({});
      const first = await enrolSelf(db.database, {
        accountId,
        viewer: people.student!,
        courseId: c.id,
      });
      expect(first).toEqual({ ok: true, enrolled: true });
      const again = await enrolSelf(db.database, {
        accountId,
        viewer: people.student!,
        courseId: c.id,
      });
      expect(again).toEqual({ ok: true, enrolled: false });
      await expect(
        enrolSelf(db.database, { accountId, viewer: null, courseId: c.id }),
      ).rejects.toMatchObject({ code: "not_authenticated" });
    });

    test("M1 enrolment: a paid course, a draft and a private course cannot be self-enrolled", async () => {
      const paid = await course({ price: 4900 });
      expect(
        await enrolSelf(db.database, { accountId, viewer: people.other!, courseId: paid.id }),
      ).toEqual({ ok: false, reason: "paid" });
      const draft = await course({ status: "draft" });
      await expect(
        enrolSelf(db.database, { accountId, viewer: people.other!, courseId: draft.id }),
      ).rejects.toMatchObject({ code: "route.notFound" });
      const hidden = await course({ status: "private" });
      await expect(
        enrolSelf(db.database, { accountId, viewer: people.other!, courseId: hidden.id }),
      ).rejects.toMatchObject({ code: "route.notFound" });
    });

    test("M1 enrolment: prerequisites must be completed before enrolling", async () => {
      const basics = await course({
        title: "Basics",
        sections: [{ title: "S", lessons: [{ title: "Only", type: "text" }] }],
      });
      const advanced = await course({ prerequisiteIds: [basics.id] });
      const refused = await enrolSelf(db.database, {
        accountId,
        viewer: people.other!,
        courseId: advanced.id,
      });
      expect(refused).toMatchObject({
        ok: false,
        reason: "prerequisites",
        missing: [{ id: basics.id, title: "Basics" }],
      });
      await enrolSelf(db.database, { accountId, viewer: people.other!, courseId: basics.id });
      const { Only } = await lessonIds(basics.id);
      await completeLesson(db.database, {
        accountId,
        viewer: people.other!,
        courseId: basics.id,
        lessonId: Only!,
      });
      expect(
        await enrolSelf(db.database, { accountId, viewer: people.other!, courseId: advanced.id }),
      ).toEqual({ ok: true, enrolled: true });
    });

    test("M1 enrolment: the instructor enrols by e-mail and by CSV, told which rows were enrolled, already enrolled, unknown", async () => {
      const c = await course({});
      const csv = `email,name\n${people.student!.user.email.toUpperCase()},Sam\n"${people.other!.user.email}",Olly\nnobody@example.test,No\n`;
      const emails = emailsOfCsv(csv);
      expect(emails).toHaveLength(3);
      await enrolSelf(db.database, { accountId, viewer: people.other!, courseId: c.id });
      const answer = await enrolByTeacher(db.database, {
        accountId,
        viewer: people.teacher!,
        courseId: c.id,
        emails,
        source: "csv",
      });
      expect(answer).toEqual({
        enrolled: [people.student!.user.email.toLowerCase()],
        already: [people.other!.user.email.toLowerCase()],
        unknown: ["nobody@example.test"],
      });
      // Another instructor's course is not found to them; a student may not enrol others.
      await expect(
        enrolByTeacher(db.database, {
          accountId,
          viewer: people.otherTeacher!,
          courseId: c.id,
          emails,
        }),
      ).rejects.toMatchObject({ code: "route.notFound" });
      await expect(
        enrolByTeacher(db.database, { accountId, viewer: people.student!, courseId: c.id, emails }),
      ).rejects.toMatchObject({ code: "route.notFound" });
    });

    test("M1 enrolment: access days set the expiry; an expired or unenrolled student is no longer enrolled", async () => {
      const c = await course({ settings: { accessDays: 30 } });
      const now = new Date();
      await enrolSelf(db.database, { accountId, viewer: people.student!, courseId: c.id, now });
      const list = await listStudents(db.database, {
        accountId,
        viewer: people.teacher!,
        courseId: c.id,
      });
      expect(new Date(list.rows[0]!.expiresAt!).getTime()).toBe(now.getTime() + 30 * DAY);
      const { Intro } = await lessonIds(c.id);
      await completeLesson(db.database, {
        accountId,
        viewer: people.student!,
        courseId: c.id,
        lessonId: Intro!,
        now: new Date(now.getTime() + 29 * DAY),
      });
      await expect(
        completeLesson(db.database, {
          accountId,
          viewer: people.student!,
          courseId: c.id,
          lessonId: Intro!,
          now: new Date(now.getTime() + 31 * DAY),
        }),
      ).rejects.toMatchObject({ code: "learning.notEnrolled" });
      await setEnrolmentExpiry(db.database, {
        accountId,
        viewer: people.teacher!,
        courseId: c.id,
        userId: people.student!.user.id,
        expiresAt: new Date(now.getTime() - 1000),
      });
      await expect(
        saveNote(db.database, {
          accountId,
          viewer: people.student!,
          courseId: c.id,
          lessonId: Intro!,
          body: "x",
        }),
      ).rejects.toMatchObject({ code: "learning.notEnrolled" });
      await setEnrolmentExpiry(db.database, {
        accountId,
        viewer: people.teacher!,
        courseId: c.id,
        userId: people.student!.user.id,
        expiresAt: null,
      });
      await unenrol(db.database, {
        accountId,
        viewer: people.teacher!,
        courseId: c.id,
        userId: people.student!.user.id,
      });
      await expect(
        saveNote(db.database, {
          accountId,
          viewer: people.student!,
          courseId: c.id,
          lessonId: Intro!,
          body: "x",
        }),
      ).rejects.toMatchObject({ code: "learning.notEnrolled" });
      // Enrolling again keeps the progress made.
      await enrolSelf(db.database, { accountId, viewer: people.student!, courseId: c.id });
      const mine = await myCourses(db.database, { accountId, viewer: people.student! });
      expect(mine.courses.find((entry) => entry.courseId === c.id)?.progressPercent).toBe(25);
    });

    test("M1 player: a dripped lesson opens on its date and sends no content before", async () => {
      const opens = new Date(Date.now() + 5 * DAY);
      const c = await course({
        sections: [
          {
            title: "S",
            lessons: [
              { title: "Now", type: "text", content: { html: "<p>now</p>" } },
              {
                title: "Later",
                type: "text",
                content: { html: "<p>Secret later</p>" },
                drip: { kind: "date", date: opens.toISOString() },
              },
              {
                title: "Week",
                type: "text",
                content: { html: "<p>Secret week</p>" },
                drip: { kind: "days", days: 7 },
              },
            ],
          },
        ],
      });
      const enrolledAt = new Date();
      await enrolSelf(db.database, {
        accountId,
        viewer: people.student!,
        courseId: c.id,
        now: enrolledAt,
      });
      const { Later, Week } = await lessonIds(c.id);
      const before = await loadPlayer(db.database, {
        accountId,
        viewer: people.student!,
        slug: c.slug,
        lessonId: Later!,
      });
      expect(before.lesson?.lock).toEqual({ kind: "drip", opensAt: opens.toISOString() });
      expect(JSON.stringify(before)).not.toContain("Secret");
      await expect(
        completeLesson(db.database, {
          accountId,
          viewer: people.student!,
          courseId: c.id,
          lessonId: Later!,
        }),
      ).rejects.toMatchObject({
        code: "learning.lessonLocked",
        details: { reason: "drip", opensAt: opens.toISOString() },
      });
      const week = await loadPlayer(db.database, {
        accountId,
        viewer: people.student!,
        slug: c.slug,
        lessonId: Week!,
      });
      expect(week.lesson?.lock).toEqual({
        kind: "drip",
        opensAt: new Date(enrolledAt.getTime() + 7 * DAY).toISOString(),
      });
      const after = await loadPlayer(db.database, {
        accountId,
        viewer: people.student!,
        slug: c.slug,
        lessonId: Later!,
        now: new Date(opens.getTime() + 1000),
      });
      expect(after.lesson?.lock).toBeNull();
      expect(after.lesson?.content?.html).toContain("Secret later");
    });

    test("M1 player: in a sequential course a lesson opens when the one before is completed", async () => {
      const c = await course({ settings: { sequential: true } });
      await enrolSelf(db.database, { accountId, viewer: people.student!, courseId: c.id });
      const { Intro, Second } = await lessonIds(c.id);
      const locked = await loadPlayer(db.database, {
        accountId,
        viewer: people.student!,
        slug: c.slug,
        lessonId: Second!,
      });
      expect(locked.lesson?.lock).toEqual({ kind: "sequential", lessonId: Intro, title: "Intro" });
      expect(JSON.stringify(locked)).not.toContain("Secret two");
      await expect(
        completeLesson(db.database, {
          accountId,
          viewer: people.student!,
          courseId: c.id,
          lessonId: Second!,
        }),
      ).rejects.toMatchObject({ code: "learning.lessonLocked", details: { reason: "sequential" } });
      await completeLesson(db.database, {
        accountId,
        viewer: people.student!,
        courseId: c.id,
        lessonId: Intro!,
      });
      const open = await loadPlayer(db.database, {
        accountId,
        viewer: people.student!,
        slug: c.slug,
        lessonId: Second!,
      });
      expect(open.lesson?.lock).toBeNull();
      expect(open.lesson?.content?.html).toContain("Secret two");
    });

    test("M1 player: visitors open free previews only; students only courses they are enrolled in; teachers preview without enrolling", async () => {
      const c = await course({});
      const { Intro, Second } = await lessonIds(c.id);
      const anon = await loadPlayer(db.database, {
        accountId,
        viewer: null,
        slug: c.slug,
        lessonId: Intro!,
      });
      expect(anon.role).toBe("visitor");
      expect(anon.lesson?.content?.html).toContain("Hello");
      const closed = await loadPlayer(db.database, {
        accountId,
        viewer: null,
        slug: c.slug,
        lessonId: Second!,
      });
      expect(closed.lesson?.lock).toEqual({ kind: "enrol" });
      expect(JSON.stringify(closed)).not.toContain("Secret");
      const hidden = await course({ status: "private" });
      await expect(
        loadPlayer(db.database, { accountId, viewer: people.other!, slug: hidden.slug }),
      ).rejects.toMatchObject({ code: "route.notFound" });
      await enrolByTeacher(db.database, {
        accountId,
        viewer: people.owner!,
        courseId: hidden.id,
        emails: [people.other!.user.email],
      });
      expect(
        (await loadPlayer(db.database, { accountId, viewer: people.other!, slug: hidden.slug }))
          .role,
      ).toBe("student");
      const draft = await course({ status: "draft" });
      const preview = await loadPlayer(db.database, {
        accountId,
        viewer: people.teacher!,
        slug: draft.slug,
        lessonId: (await lessonIds(draft.id)).Second!,
      });
      expect(preview.role).toBe("teacher");
      expect(preview.lesson?.content?.html).toContain("Secret two");
      await expect(
        loadPlayer(db.database, { accountId, viewer: people.otherTeacher!, slug: draft.slug }),
      ).rejects.toMatchObject({ code: "route.notFound" });
      await expect(
        completeLesson(db.database, {
          accountId,
          viewer: people.teacher!,
          courseId: draft.id,
          lessonId: (await lessonIds(draft.id)).Intro!,
        }),
      ).rejects.toMatchObject({ code: "learning.notEnrolled" });
    });

    test("M1 progress: 10 parallel completions award the lesson's points once; a quiz lesson is not completed by hand; continue points at the next open lesson", async () => {
      const viewer = await viewerOf("student");
      const c = await course({});
      await enrolSelf(db.database, { accountId, viewer, courseId: c.id });
      const ids = await lessonIds(c.id);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          completeLesson(db.database, { accountId, viewer, courseId: c.id, lessonId: ids.Intro! }),
        ),
      );
      expect(results.flatMap((r) => r.awards)).toEqual([
        { reason: "lesson_completed", points: 10, sourceId: ids.Intro },
      ]);
      const total = () =>
        db.database.forAccount(accountId, (tx) =>
          pointsTotal(tx, { accountId, userId: viewer.user.id }),
        );
      expect(await total()).toBe(10);
      await expect(
        completeLesson(db.database, { accountId, viewer, courseId: c.id, lessonId: ids.Check! }),
      ).rejects.toMatchObject({ code: "auth.forbidden" });
      const second = await completeLesson(db.database, {
        accountId,
        viewer,
        courseId: c.id,
        lessonId: ids.Second!,
      });
      expect(second.progressPercent).toBe(50);
      const action = await enrolActionFor(db.database, { accountId, viewer, courseId: c.id });
      expect(action).toMatchObject({
        state: "continue",
        continueLessonId: ids.Third,
        progressPercent: 50,
      });
      const player = await loadPlayer(db.database, { accountId, viewer, slug: c.slug });
      expect(player.lesson?.id).toBe(ids.Third);
      expect(await total()).toBe(20);
    });

    test("M1 progress: the last lesson completes the course once, with +100 points", async () => {
      const viewer = await viewerOf("student");
      const c = await course({
        sections: [
          {
            title: "S",
            lessons: [
              { title: "A", type: "text" },
              { title: "B", type: "text" },
            ],
          },
        ],
      });
      await enrolSelf(db.database, { accountId, viewer, courseId: c.id });
      const ids = await lessonIds(c.id);
      const a = await completeLesson(db.database, {
        accountId,
        viewer,
        courseId: c.id,
        lessonId: ids.A!,
      });
      expect(a).toMatchObject({ progressPercent: 50, courseCompleted: false });
      const b = await completeLesson(db.database, {
        accountId,
        viewer,
        courseId: c.id,
        lessonId: ids.B!,
      });
      expect(b).toEqual({
        progressPercent: 100,
        courseCompleted: true,
        awards: [
          { reason: "lesson_completed", points: 10, sourceId: ids.B },
          { reason: "course_completed", points: 100, sourceId: c.id },
        ],
      });
      const again = await completeLesson(db.database, {
        accountId,
        viewer,
        courseId: c.id,
        lessonId: ids.B!,
      });
      expect(again).toEqual({ progressPercent: 100, courseCompleted: false, awards: [] });
      const mine = await myCourses(db.database, { accountId, viewer });
      expect(mine.courses[0]).toMatchObject({
        courseId: c.id,
        status: "completed",
        progressPercent: 100,
      });
    });

    test("M1 notes: a student's note on a lesson is saved, replaced and read back; another student's is their own", async () => {
      const c = await course({});
      await enrolSelf(db.database, { accountId, viewer: people.student!, courseId: c.id });
      const { Intro } = await lessonIds(c.id);
      await saveNote(db.database, {
        accountId,
        viewer: people.student!,
        courseId: c.id,
        lessonId: Intro!,
        body: "first",
      });
      await saveNote(db.database, {
        accountId,
        viewer: people.student!,
        courseId: c.id,
        lessonId: Intro!,
        body: "second thought",
      });
      const mine = await loadPlayer(db.database, {
        accountId,
        viewer: people.student!,
        slug: c.slug,
        lessonId: Intro!,
      });
      expect(mine.lesson?.note).toBe("second thought");
      await expect(
        saveNote(db.database, {
          accountId,
          viewer: people.other!,
          courseId: c.id,
          lessonId: Intro!,
          body: "x",
        }),
      ).rejects.toMatchObject({ code: "learning.notEnrolled" });
      const theirs = await loadPlayer(db.database, {
        accountId,
        viewer: people.other!,
        slug: c.slug,
        lessonId: Intro!,
      });
      expect(theirs.lesson?.note).toBeNull();
    });

    test("M1 parents: a manager links a parent, who then sees the student's courses and progress; others may not link", async () => {
      const c = await course({ title: "Parents' course" });
      await enrolSelf(db.database, { accountId, viewer: people.other!, courseId: c.id });
      await expect(
        linkParent(db.database, {
          accountId,
          viewer: people.teacher!,
          studentUserId: people.other!.user.id,
          parentEmail: people.parent!.user.email,
        }),
      ).rejects.toMatchObject({ code: "auth.forbidden" });
      expect(
        await linkParent(db.database, {
          accountId,
          viewer: people.owner!,
          studentUserId: people.other!.user.id,
          parentEmail: "nobody@example.test",
        }),
      ).toEqual({ ok: false, reason: "unknownParent" });
      expect(
        await linkParent(db.database, {
          accountId,
          viewer: people.owner!,
          studentUserId: people.other!.user.id,
          parentEmail: people.parent!.user.email,
        }),
      ).toEqual({ ok: true });
      const view = await myCourses(db.database, { accountId, viewer: people.parent! });
      expect(view.students).toHaveLength(1);
      expect(view.students[0]!.courses.map((entry) => entry.title)).toContain("Parents' course");
      expect(
        (await myCourses(db.database, { accountId, viewer: people.student! })).students,
      ).toEqual([]);
      await unlinkParent(db.database, {
        accountId,
        viewer: people.owner!,
        studentUserId: people.other!.user.id,
        parentUserId: people.parent!.user.id,
      });
      expect(
        (await myCourses(db.database, { accountId, viewer: people.parent! })).students,
      ).toEqual([]);
    });

    test("M1 students: the list pages and searches by name or e-mail", async () => {
      const c = await course({});
      const emails: string[] = [];
      for (let i = 0; i < 55; i++) emails.push((await viewerOf("student")).user.email);
      const answer = await enrolByTeacher(db.database, {
        accountId,
        viewer: people.owner!,
        courseId: c.id,
        emails,
      });
      expect(answer.enrolled).toHaveLength(55);
      const first = await listStudents(db.database, {
        accountId,
        viewer: people.teacher!,
        courseId: c.id,
      });
      expect(first).toMatchObject({ total: 55, page: 1 });
      expect(first.rows).toHaveLength(50);
      const second = await listStudents(db.database, {
        accountId,
        viewer: people.teacher!,
        courseId: c.id,
        page: 2,
      });
      expect(second.rows).toHaveLength(5);
      const found = await listStudents(db.database, {
        accountId,
        viewer: people.teacher!,
        courseId: c.id,
        search: emails[3]!,
      });
      expect(found.rows.map((row) => row.email)).toEqual([emails[3]]);
      const none = await listStudents(db.database, {
        accountId,
        viewer: people.teacher!,
        courseId: c.id,
        search: "%_",
      });
      expect(none.total).toBe(0);
    });
  },
);
