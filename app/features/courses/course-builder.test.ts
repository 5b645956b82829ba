import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount, createCourse, createMember } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { commandCategory, listSiteCourses, loadCategoriesScreen } from "./categories.server";
import { commandCourse } from "./course-commands.server";
import {
  createCourse as createDraft,
  listTeacherCourses,
  loadCourseForBuilder,
  saveCourse,
} from "./course-builder.server";
import { getCourse, listCourses } from "./courses.server";
import type { CourseFields, CurriculumInput } from "./validation";

const viewerOf = (user: { id: string; name: string; email: string }, caps: string[]): Viewer =>
  ({
    user: { ...user, image: null },
    membership: { role: "x", caps },
    isSuperAdmin: false,
  }) as unknown as Viewer;

const teacherCaps = ["create_courses", "manage_curriculum", "manage_students"];

describe.each(logicBackends)("M1 course builder use cases on %s", (backend) => {
  let db: TestDatabase;
  let account: AccountSummary;
  let owner: Viewer;
  let teacher: Viewer;
  let otherTeacher: Viewer;
  let student: Viewer;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    account = await createAccount(db.database, { settings: { plan: "dedicated" } });
    const accountId = account.accountId;
    const a = await createMember(db.database, { accountId, roleName: "site_owner" });
    const b = await createMember(db.database, { accountId, roleName: "instructor" });
    const c = await createMember(db.database, { accountId, roleName: "instructor" });
    const d = await createMember(db.database, { accountId });
    owner = viewerOf(a.user, ["manage_options", "create_courses"]);
    teacher = viewerOf(b.user, teacherCaps);
    otherTeacher = viewerOf(c.user, teacherCaps);
    student = viewerOf(d.user, []);
  });
  afterAll(() => db?.dispose());

  const as = (viewer: Viewer, on: AccountSummary = account) => ({
    database: db.database,
    account: on,
    viewer,
  });
  const fieldsOf = (loaded: Awaited<ReturnType<typeof loadCourseForBuilder>>): CourseFields => {
    const { id: _id, version: _v, authorId: _a, ...fields } = loaded.course;
    return { ...fields, durationMinutes: fields.durationMinutes ?? null } as CourseFields;
  };
  const textLesson = (title: string, html = "<p>Read this.</p>") => ({
    title,
    type: "text" as const,
    content: { html },
    freePreview: false,
    drip: { kind: "none" as const },
    durationMinutes: 5,
  });

  test("M1 course builder: a new course is a draft of its maker with a free slug; a student may not make one", async () => {
    const first = await createDraft(as(teacher), { title: "Design Basics" });
    const second = await createDraft(as(teacher), { title: "Design Basics" });
    const loadedA = await loadCourseForBuilder(as(teacher), first.id);
    const loadedB = await loadCourseForBuilder(as(teacher), second.id);
    expect(loadedA.course).toMatchObject({ status: "draft", slug: "design-basics", version: 1 });
    expect(loadedB.course.slug).toBe("design-basics-2");
    await expect(createDraft(as(student), { title: "Nope" })).rejects.toMatchObject({
      code: "auth.forbidden",
    });
    await expect(createDraft(as(teacher), { title: "   " })).rejects.toMatchObject({
      code: "request.invalid",
    });
  });

  test("M1 course builder: an instructor cannot open another instructor's draft; a co-instructor and a manager can", async () => {
    const { id } = await createDraft(as(teacher), { title: "Private draft" });
    await expect(loadCourseForBuilder(as(otherTeacher), id)).rejects.toMatchObject({
      code: "route.notFound",
    });
    await expect(loadCourseForBuilder(as(student), id)).rejects.toMatchObject({
      code: "route.notFound",
    });
    const loaded = await loadCourseForBuilder(as(owner), id);
    const fields = fieldsOf(loaded);
    const denied = await saveCourse(as(otherTeacher), id, {
      intent: "save",
      version: 1,
      course: fields,
    }).catch((error: unknown) => error);
    expect(denied).toMatchObject({ code: "route.notFound" });
    const shared = await saveCourse(as(teacher), id, {
      intent: "save",
      version: 1,
      course: { ...fields, instructorIds: [otherTeacher.user.id] },
    });
    expect(shared).toMatchObject({ ok: true, version: 2 });
    expect((await loadCourseForBuilder(as(otherTeacher), id)).course.instructorIds).toEqual([
      otherTeacher.user.id,
    ]);
    const list = await listTeacherCourses(as(otherTeacher), new URLSearchParams());
    expect(list.rows.map((row) => row.id)).toContain(id);
    const students = await saveCourse(as(teacher), id, {
      intent: "save",
      version: 2,
      course: { ...fields, instructorIds: [student.user.id] },
    });
    expect(students).toMatchObject({ ok: false, field: "instructorIds" });
  });

  test("M1 course builder: a save over a newer version is refused; a slug in use is refused; the description is sanitised", async () => {
    const { id } = await createDraft(as(teacher), { title: "Versioned" });
    await createCourse(db.database, { accountId: account.accountId, slug: "taken-slug" });
    const fields = fieldsOf(await loadCourseForBuilder(as(teacher), id));
    const saved = await saveCourse(as(teacher), id, {
      intent: "save",
      version: 1,
      course: {
        ...fields,
        description: '<p>Hi<script>alert(1)</script><img src=x onerror="x()"></p>',
      },
    });
    expect(saved).toMatchObject({ ok: true, version: 2 });
    const stale = await saveCourse(as(teacher), id, { intent: "save", version: 1, course: fields });
    expect(stale).toMatchObject({ ok: false, code: "courses.conflict", version: 2 });
    const taken = await saveCourse(as(teacher), id, {
      intent: "save",
      version: 2,
      course: { ...fields, slug: "taken-slug" },
    });
    expect(taken).toMatchObject({ ok: false, code: "courses.slugTaken" });
    const loaded = await loadCourseForBuilder(as(teacher), id);
    expect(loaded.course.description).not.toMatch(/script|onerror/);
    expect(loaded.course.description).toContain("Hi");
    const malformed = await saveCourse(as(teacher), id, { intent: "save", version: 2, course: 7 });
    expect(malformed).toMatchObject({ ok: false, code: "request.invalid" });
  });

  test("M1 course builder: the curriculum saves in order, a lesson moves between sections, a lesson of another course is refused, and a bad video address rolls the whole save back", async () => {
    const { id } = await createDraft(as(teacher), { title: "Curriculum" });
    const fields = fieldsOf(await loadCourseForBuilder(as(teacher), id));
    const curriculum: CurriculumInput = [
      { title: "Start", lessons: [textLesson("One"), textLesson("Two")] },
      {
        title: "Watch",
        lessons: [
          {
            ...textLesson("Video"),
            type: "video",
            content: {
              video: { source: "youtube", url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" },
            },
          },
        ],
      },
    ];
    expect(
      await saveCourse(as(teacher), id, { intent: "save", version: 1, course: fields, curriculum }),
    ).toMatchObject({ ok: true });
    const loaded = await loadCourseForBuilder(as(teacher), id);
    expect(loaded.curriculum.map((s) => [s.title, s.lessons.map((l) => l.title)])).toEqual([
      ["Start", ["One", "Two"]],
      ["Watch", ["Video"]],
    ]);
    // Reorder: "Two" moves to the second section's top, the sections swap.
    const [start, watch] = loaded.curriculum;
    const moved: CurriculumInput = [
      {
        id: watch!.id,
        title: "Watch",
        lessons: [
          { ...textLesson("Two"), id: start!.lessons[1]!.id },
          { ...watch!.lessons[0]!, durationMinutes: null } as never,
        ],
      },
      {
        id: start!.id,
        title: "Start",
        lessons: [{ ...textLesson("One"), id: start!.lessons[0]!.id }],
      },
    ];
    expect(
      await saveCourse(as(teacher), id, {
        intent: "save",
        version: 2,
        course: fields,
        curriculum: moved,
      }),
    ).toMatchObject({ ok: true, version: 3 });
    const after = await loadCourseForBuilder(as(teacher), id);
    expect(after.curriculum.map((s) => [s.title, s.lessons.map((l) => l.title)])).toEqual([
      ["Watch", ["Two", "Video"]],
      ["Start", ["One"]],
    ]);
    expect(after.curriculum[0]!.lessons[0]!.id).toBe(start!.lessons[1]!.id);

    const other = await createCourse(db.database, {
      accountId: account.accountId,
      lessonTitles: ["Theirs"],
    });
    const otherLoaded = await loadCourseForBuilder(as(owner), other.id);
    const stolen = await saveCourse(as(teacher), id, {
      intent: "save",
      version: 3,
      course: fields,
      curriculum: [
        {
          title: "S",
          lessons: [{ ...textLesson("x"), id: otherLoaded.curriculum[0]!.lessons[0]!.id }],
        },
      ],
    });
    expect(stolen).toMatchObject({ ok: false, code: "request.invalid", field: "curriculum" });
    const badVideo = await saveCourse(as(teacher), id, {
      intent: "save",
      version: 3,
      course: { ...fields, title: "Renamed" },
      curriculum: [
        {
          title: "S",
          lessons: [
            {
              ...textLesson("v"),
              type: "video",
              content: { video: { source: "youtube", url: "https://evil.example/v" } },
            },
          ],
        },
      ],
    });
    expect(badVideo).toMatchObject({ ok: false, code: "request.invalid" });
    const unchanged = await loadCourseForBuilder(as(teacher), id);
    expect(unchanged.course).toMatchObject({ title: "Curriculum", version: 3 });
    expect(unchanged.curriculum).toHaveLength(2);
  });

  test("M1 course builder: an instructor without manage_curriculum saves the fields but not the curriculum", async () => {
    const limited = viewerOf(otherTeacher.user, ["create_courses"]);
    const { id } = await createDraft(as(limited), { title: "Fields only" });
    const loaded = await loadCourseForBuilder(as(limited), id);
    expect(loaded.canEditCurriculum).toBe(false);
    const fields = fieldsOf(loaded);
    await expect(
      saveCourse(as(limited), id, { intent: "save", version: 1, course: fields, curriculum: [] }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    expect(
      await saveCourse(as(limited), id, { intent: "save", version: 1, course: fields }),
    ).toMatchObject({ ok: true });
  });

  test("M1 course builder: a duplicate is a draft with a new slug and the whole curriculum; delete removes it", async () => {
    const source = await createCourse(db.database, {
      accountId: account.accountId,
      authorId: teacher.user.id,
      slug: "original",
      sections: [
        { title: "A", lessons: [{ title: "a1" }, { title: "a2" }] },
        { title: "B", lessons: [{ title: "b1", freePreview: true }] },
      ],
    });
    const copy = await commandCourse(as(teacher), { intent: "duplicate", id: source.id });
    const loaded = await loadCourseForBuilder(as(teacher), copy.id!);
    expect(loaded.course).toMatchObject({ status: "draft", slug: "original-copy" });
    expect(loaded.curriculum.map((s) => [s.title, s.lessons.map((l) => l.title)])).toEqual([
      ["A", ["a1", "a2"]],
      ["B", ["b1"]],
    ]);
    expect(loaded.curriculum[1]!.lessons[0]!.freePreview).toBe(true);
    await expect(
      commandCourse(as(otherTeacher), { intent: "delete", id: copy.id }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    await commandCourse(as(teacher), { intent: "delete", id: copy.id });
    await expect(loadCourseForBuilder(as(teacher), copy.id!)).rejects.toMatchObject({
      code: "route.notFound",
    });
  });

  test("M1 course builder: the lms switch and the plan's courses cap gate creation", async () => {
    const capped = await createAccount(db.database, { settings: { plan: "lifetime" } });
    const capOwner = await createMember(db.database, {
      accountId: capped.accountId,
      roleName: "site_owner",
    });
    const ownerThere = viewerOf(capOwner.user, ["manage_options"]);
    for (let n = 0; n < 10; n++)
      await createCourse(db.database, { accountId: capped.accountId, status: "draft" });
    await expect(createDraft(as(ownerThere, capped), { title: "Eleventh" })).rejects.toMatchObject({
      code: "courses.limitReached",
    });
    const off = await createAccount(db.database, { settings: { plan: "dedicated", features: [] } });
    const offOwner = await createMember(db.database, {
      accountId: off.accountId,
      roleName: "site_owner",
    });
    await expect(
      createDraft(as(viewerOf(offOwner.user, ["manage_options"]), off), { title: "Off" }),
    ).rejects.toMatchObject({ code: "route.notFound" });
  });

  test("M1 categories: managers add, rename and delete; a deleted category is cleared from its courses; the catalogue filters by it", async () => {
    await expect(
      commandCategory(as(teacher), {
        intent: "saveCategory",
        category: { name: "X", slug: "x", description: "", position: 0 },
      }),
    ).rejects.toMatchObject({ code: "auth.forbidden" });
    const made = await commandCategory(as(owner), {
      intent: "saveCategory",
      category: { name: "Photography", slug: "photography", description: "Light", position: 1 },
    });
    expect(made.ok).toBe(true);
    const categoryId = made.ok ? made.id! : "";
    const dup = await commandCategory(as(owner), {
      intent: "saveCategory",
      category: { name: "Again", slug: "photography", description: "", position: 2 },
    });
    expect(dup).toMatchObject({ ok: false, code: "courses.slugTaken" });
    const inIt = await createCourse(db.database, {
      accountId: account.accountId,
      categoryId,
      title: "Shoot",
    });
    await createCourse(db.database, { accountId: account.accountId, title: "Elsewhere" });
    const filtered = await listCourses(db.database, {
      accountId: account.accountId,
      category: "photography",
    });
    expect(filtered.map((c) => c.id)).toEqual([inIt.id]);
    const screen = await loadCategoriesScreen(as(owner));
    expect(screen.categories.find((c) => c.id === categoryId)?.courses).toBe(1);
    expect(
      (await listSiteCourses(as(owner))).rows.find((r) => r.id === inIt.id)?.categoryName,
    ).toBe("Photography");
    await commandCategory(as(owner), { intent: "deleteCategory", id: categoryId });
    const detail = await getCourse(db.database, { accountId: account.accountId, slug: inIt.slug });
    expect(detail?.category).toBeNull();
    expect(await commandCategory(as(owner), { intent: "deleteCategory", id: 5 })).toMatchObject({
      ok: false,
    });
  });

  test("M1 course page: the public course shows the curriculum by section with preview flags and total duration; private and draft courses are not public", async () => {
    const course = await createCourse(db.database, {
      accountId: account.accountId,
      authorId: teacher.user.id,
      sections: [
        { title: "Intro", lessons: [{ title: "Welcome", freePreview: true, durationMinutes: 4 }] },
        { title: "Deep", lessons: [{ title: "Video", type: "video", durationMinutes: 11 }] },
      ],
    });
    const detail = await getCourse(db.database, {
      accountId: account.accountId,
      slug: course.slug,
    });
    expect(detail?.sections.map((s) => s.title)).toEqual(["Intro", "Deep"]);
    expect(detail?.sections[0]!.lessons[0]).toMatchObject({ title: "Welcome", freePreview: true });
    expect(detail?.durationMinutes).toBe(15);
    expect(detail?.instructors.length).toBe(1);
    expect(JSON.stringify(detail)).not.toContain('"content"');
    for (const status of ["private", "draft"] as const) {
      const hidden = await createCourse(db.database, { accountId: account.accountId, status });
      expect(
        await getCourse(db.database, { accountId: account.accountId, slug: hidden.slug }),
      ).toBeNull();
    }
  });
});
