import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accounts } from "~/features/accounts/tables.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { errorCatalogue } from "~/platform/errors";
import type { Storage } from "~/platform/storage/storage.server";
import { createMember, createUserWithPassword, insertCourse } from "../../../tests/factories";
import { insertEnrolment, insertQuiz } from "../../../tests/factories/quizzes";
import { buildWorld, type World } from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import { samples } from "../../../tests/support/media-samples";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { MAX_ANSWER_FILE_BYTES } from "./answer-file";
import { answerFileRef } from "./answer-files.server";
import { quizAttempts } from "./tables.server";

const superAdminEmail = "root-answer-files@platform.test";
const password = "Matrix-Harbour-Quartz-88";
const missing = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";
const demoPdf = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../../public/media/demo/design-checklist.pdf"),
);
let ipCount = 0;
const nextIp = () => `10.81.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

type Client = ReturnType<typeof createClient>;
type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string };

describe.each(logicBackends)("M1 quiz file answers (issue 15 scope 2) on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let storage: Storage;
  let world: World;
  let accountId: string;
  let host: string;
  const people = { otherStudent: "", otherInstructor: "" };
  const ids = { quiz: "", fileQ: "", pdfQ: "", essayQ: "" };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const made = createTestApp(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail });
    app = made.app;
    storage = made.services.storage;
    world = await buildWorld(db.database, superAdminEmail);
    ({ accountId, host } = world.demo);
    await upsertPlanCatalogue(db.database);
    await db.database.owner
      .update(accounts)
      .set({ settings: sql`${accounts.settings} || '{"plan":"starter"}'::jsonb` })
      .where(eq(accounts.accountId, accountId));
    const person = async (label: string, roleName: string) => {
      const email = `${label}-${Date.now().toString(36)}@example.test`;
      const user = await createUserWithPassword(db.database, { email, name: label, password });
      await createMember(db.database, { accountId, roleName, user });
      return { userId: user.id, email };
    };
    const otherStudent = await person("other-student", "student");
    const otherInstructor = await person("other-instructor", "instructor");
    Object.assign(people, {
      otherStudent: otherStudent.email,
      otherInstructor: otherInstructor.email,
    });
    await db.database.forAccount(accountId, async (tx) => {
      const course = await insertCourse(tx, {
        accountId,
        authorId: world.people.instructor.userId,
      });
      for (const userId of [world.people.student.userId, otherStudent.userId])
        await insertEnrolment(tx, { accountId, courseId: course.id, userId });
      const { quiz, questions } = await insertQuiz(tx, {
        accountId,
        courseId: course.id,
        authorId: world.people.instructor.userId,
        questions: [
          { type: "file", prompt: "<p>Send your work</p>", data: {} },
          { type: "file", prompt: "<p>Send a PDF</p>", data: { accept: ".pdf" } },
          { type: "essay", prompt: "<p>Say why</p>", data: {} },
        ],
      });
      Object.assign(ids, {
        quiz: quiz.id,
        fileQ: questions[0]!.id,
        pdfQ: questions[1]!.id,
        essayQ: questions[2]!.id,
      });
    });
  });
  afterAll(() => db?.dispose());

  async function signedIn(email: string | null): Promise<Client> {
    const client = createClient(app, { host, ip: nextIp() });
    if (email) {
      const res = await client.post("/api/auth/sign-in/email", { email, password });
      expect(res.status).toBe(200);
    }
    return client;
  }

  /**
   * A multipart POST as a browser sends it, whole and with its length; `raw` sends the body's
   * text as it is.
   */
  async function upload(
    client: Client,
    attemptPath: string,
    parts: Part[],
    raw?: { body: string; type: string },
  ) {
    const headers = new Headers({ host, origin: `http://${host}` });
    if (client.jar.size)
      headers.set("cookie", [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const form = new FormData();
    for (const part of parts) {
      if ("file" in part)
        form.append(part.name, new Blob([new Uint8Array(part.file)]), part.filename);
      else form.append(part.name, part.value);
    }
    const encoded = new Response(form);
    const body = raw ? Buffer.from(raw.body) : Buffer.from(await encoded.arrayBuffer());
    headers.set("content-type", raw?.type ?? encoded.headers.get("content-type")!);
    headers.set("content-length", String(body.byteLength));
    return app.request(
      `http://${host}/api/quiz-attempts/${attemptPath}/files`,
      { method: "POST", body, headers },
      { incoming: { socket: { remoteAddress: nextIp() } } },
    );
  }
  const sendFile = (
    client: Client,
    attemptId: string,
    questionId: string,
    file: Buffer,
    name: string,
  ) =>
    upload(client, attemptId, [
      { name: "questionId", value: questionId },
      { name: "file", file, filename: name },
    ]);

  async function startAttempt(client: Client): Promise<string> {
    const res = await client.request(`/api/quizzes/${ids.quiz}/attempts`, { method: "POST" });
    expect([200, 201]).toContain(res.status);
    return ((await res.json()) as { attemptId: string }).attemptId;
  }

  async function storedAnswers(attemptId: string) {
    const [row] = await db.database.forAccount(accountId, (tx) =>
      tx
        .select({ answers: quizAttempts.answers })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.accountId, accountId), eq(quizAttempts.id, attemptId))),
    );
    return row!.answers;
  }

  /** A refusal: a 4xx with a code of the error catalogue, never a 500. */
  async function refused(res: Response, status: number, code: string) {
    const body = (await res.json()) as { error?: { code: string } };
    expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
    expect(Object.keys(errorCatalogue)).toContain(code);
  }

  test("M1 quiz file answer: the owner's PDF is checked by its bytes, kept privately and saved as the answer", async () => {
    const student = await signedIn(world.people.student.email);
    const attemptId = await startAttempt(student);
    const res = await sendFile(student, attemptId, ids.pdfQ, demoPdf, "design-checklist.pdf");
    expect(res.status).toBe(201);
    const { answer } = (await res.json()) as { answer: Record<string, unknown> };
    expect(answer).toEqual({
      fileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "design-checklist.pdf",
      size: demoPdf.byteLength,
      contentType: "application/pdf",
    });
    expect((await storedAnswers(attemptId))[ids.pdfQ]).toEqual(answer);
    const ref = answerFileRef(accountId, attemptId, answer.fileId as string);
    expect(ref.bucket).toContain(accountId);
    expect(ref.key).toContain(attemptId);
    expect((await storage.stat(ref))?.size).toBe(demoPdf.byteLength);
    // Not a file of the public route: /files serves the account's public bucket only.
    const open = await student.request(`/files/${ref.bucket}/${ref.key}`);
    expect(open.status).toBe(404);

    // The taker's autosave repeats the answer it was given; nothing else passes for a file.
    const save = (value: unknown) =>
      student.request(`/api/quiz-attempts/${attemptId}/answers`, {
        method: "PUT",
        json: { answers: { [ids.pdfQ]: value } },
      });
    expect((await save(answer)).status).toBe(200);
    await refused(await save({ ...answer, fileId: missing }), 400, "request.invalid");
    await refused(
      await save({ url: "https://evil.test/x.pdf", name: "x.pdf" }),
      400,
      "request.invalid",
    );
    await refused(
      await save({ ...answer, fileId: undefined, key: "../../account-x/media/a.pdf" }),
      400,
      "request.invalid",
    );
    expect((await storedAnswers(attemptId))[ids.pdfQ]).toEqual(answer);

    // A second file replaces the first, whose bytes go.
    const text = Buffer.from("My notes on the checklist.\nLine two.\n");
    const again = await sendFile(student, attemptId, ids.fileQ, text, "notes.txt");
    expect(again.status).toBe(201);
    const replaced = await sendFile(student, attemptId, ids.fileQ, samples.pdf(), "final.pdf");
    expect(replaced.status).toBe(201);
    const first = ((await again.json()) as { answer: { fileId: string } }).answer;
    expect(await storage.stat(answerFileRef(accountId, attemptId, first.fileId))).toBeNull();
    expect((await storedAnswers(attemptId))[ids.fileQ]).toMatchObject({ name: "final.pdf" });
  });

  test("M1 quiz file answer: the file is served to its owner and its graders only, as an attachment", async () => {
    const student = await signedIn(world.people.student.email);
    const attemptId = await startAttempt(student);
    const sent = await sendFile(student, attemptId, ids.fileQ, demoPdf, "Mon devoir «final».pdf");
    expect(sent.status).toBe(201);
    const { answer } = (await sent.json()) as { answer: { fileId: string } };
    const url = `/api/quiz-attempts/${attemptId}/files/${answer.fileId}`;

    for (const email of [
      world.people.student.email,
      world.people.instructor.email, // the course's author, with manage_submissions
      world.people.owner.email, // manage_options
    ]) {
      const res = await (await signedIn(email)).request(url);
      expect(res.status, email).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(demoPdf), email).toBe(true);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="Mon devoir _final_.pdf"; filename*=UTF-8''Mon%20devoir%20%C2%ABfinal%C2%BB.pdf`,
      );
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toContain("no-store");
    }
    for (const email of [people.otherStudent, people.otherInstructor])
      await refused(await (await signedIn(email)).request(url), 404, "route.notFound");
    await refused(await (await signedIn(null)).request(url), 401, "not_authenticated");
    const student2 = await signedIn(world.people.student.email);
    await refused(
      await student2.request(`/api/quiz-attempts/${attemptId}/files/${missing}`),
      404,
      "route.notFound",
    );
    await refused(
      await student2.request(`/api/quiz-attempts/${attemptId}/files/not-a-uuid`),
      404,
      "route.notFound",
    );
    await refused(
      await student2.request(`/api/quiz-attempts/${missing}/files/${answer.fileId}`),
      404,
      "route.notFound",
    );
  });

  test("M1 quiz file answer: other people, closed attempts, other questions, wrong types, big files and malformed requests are refused", async () => {
    const student = await signedIn(world.people.student.email);
    const attemptId = await startAttempt(student);
    const stranger = await signedIn(people.otherStudent);
    const teacher = await signedIn(world.people.instructor.email);
    const pdf = samples.pdf();
    const before = (await storedAnswers(attemptId))[ids.fileQ];

    const exe = samples.exe();
    const cases: [string, Client, string, Buffer, string, number, string][] = [
      ["another student", stranger, ids.fileQ, pdf, "a.pdf", 404, "route.notFound"],
      ["the course's teacher", teacher, ids.fileQ, pdf, "a.pdf", 404, "route.notFound"],
      ["anonymous", await signedIn(null), ids.fileQ, pdf, "a.pdf", 401, "not_authenticated"],
      ["an essay question", student, ids.essayQ, pdf, "a.pdf", 400, "request.invalid"],
      ["a question not drawn", student, missing, pdf, "a.pdf", 400, "request.invalid"],
      ["a program renamed .pdf", student, ids.fileQ, exe, "essay.pdf", 415, "quiz.fileType"],
      ["a program", student, ids.fileQ, exe, "setup.exe", 415, "quiz.fileType"],
      [
        "a picture for a PDF",
        student,
        ids.pdfQ,
        await samples.png(40, 40),
        "scan.png",
        415,
        "quiz.fileType",
      ],
      [
        "HTML",
        student,
        ids.fileQ,
        Buffer.from("<script>x</script>"),
        "page.html",
        415,
        "quiz.fileType",
      ],
      [
        "a byte too many",
        student,
        ids.fileQ,
        samples.pdf(MAX_ANSWER_FILE_BYTES),
        "big.pdf",
        413,
        "request.tooLarge",
      ],
      [
        "12 MB",
        student,
        ids.fileQ,
        samples.pdf(12 * 1024 * 1024),
        "huge.pdf",
        413,
        "request.tooLarge",
      ],
      ["an empty file", student, ids.fileQ, Buffer.alloc(0), "empty.pdf", 400, "request.invalid"],
    ];
    for (const [label, client, questionId, bytes, name, status, code] of cases) {
      const res = await sendFile(client, attemptId, questionId, bytes, name);
      expect(res.status, label).toBe(status);
      await refused(res, status, code);
    }

    // Malformed: no file, two files, no or bad ids, not multipart at all.
    const q = { name: "questionId", value: ids.fileQ };
    const file = { name: "file", file: pdf, filename: "a.pdf" };
    await refused(await upload(student, attemptId, [q]), 400, "request.invalid");
    await refused(await upload(student, attemptId, [q, file, file]), 400, "request.invalid");
    await refused(await upload(student, attemptId, [file]), 400, "request.invalid");
    await refused(
      await upload(student, attemptId, [{ name: "questionId", value: "not-a-uuid" }, file]),
      400,
      "request.invalid",
    );
    await refused(
      await upload(student, attemptId, [{ name: "questionId", value: `${ids.fileQ}\u0000` }, file]),
      400,
      "request.malformed",
    );
    await refused(
      await upload(student, attemptId, [], {
        body: JSON.stringify({ questionId: ids.fileQ }),
        type: "application/json",
      }),
      415,
      "request.unsupportedMediaType",
    );
    await refused(
      await upload(student, attemptId, [], {
        body: "--x\r\nbroken",
        type: "multipart/form-data; boundary=x",
      }),
      400,
      "request.malformed",
    );
    await refused(await upload(student, "not-a-uuid", [q, file]), 404, "route.notFound");
    await refused(await upload(student, `${attemptId}%00`, [q, file]), 400, "request.malformed");
    expect((await storedAnswers(attemptId))[ids.fileQ]).toEqual(before);

    // Past its deadline, then submitted: the attempt takes no file.
    await db.database.forAccount(accountId, (tx) =>
      tx
        .update(quizAttempts)
        .set({ deadlineAt: sql`now() - interval '1 second'` })
        .where(and(eq(quizAttempts.accountId, accountId), eq(quizAttempts.id, attemptId))),
    );
    await refused(
      await sendFile(student, attemptId, ids.fileQ, pdf, "late.pdf"),
      409,
      "quiz.deadlinePassed",
    );
    const submit = await student.request(`/api/quiz-attempts/${attemptId}/submit`, {
      method: "POST",
      json: {},
    });
    expect(submit.status).toBe(200);
    await refused(
      await sendFile(student, attemptId, ids.fileQ, pdf, "a.pdf"),
      409,
      "quiz.attemptClosed",
    );
  });
});
