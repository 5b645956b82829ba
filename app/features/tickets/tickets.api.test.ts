import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { accountNotifications } from "~/features/notifications/tables.server";
import { errorCatalogue } from "~/platform/errors";
import { readOutbox } from "~/platform/mail/mail.server";
import type { Storage } from "~/platform/storage/storage.server";
import { createMember, createUserWithPassword } from "../../../tests/factories";
import { buildWorld, type World } from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import { samples } from "../../../tests/support/media-samples";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { supportTickets, ticketReplies } from "./tables.server";
import { ticketFileRef } from "./ticket-files.server";
import { loadTicketThread, loadTicketsScreen } from "./ticket-reads.server";
import { MAX_TICKET_FILE_BYTES } from "./validation";

const superAdminEmail = "root-tickets@platform.test";
const secondSuperAdmin = "second-tickets@platform.test";
const password = "Matrix-Harbour-Quartz-88";
const missing = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";
let ipCount = 0;
const nextIp = () => `10.83.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

type Client = ReturnType<typeof createClient> & { host: string };
type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string };

describe.each(logicBackends)("M7 M8 support tickets (issue 17 scope 6) on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let services: ReturnType<typeof createTestApp>["services"];
  let storage: Storage;
  let world: World;
  const clients = {} as Record<"owner" | "otherOwner" | "student" | "superAdmin", Client>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const made = createTestApp(db.database, {
      SUPER_ADMIN_EMAILS: `${superAdminEmail},${secondSuperAdmin}`,
    });
    ({ app, services } = made);
    storage = services.storage;
    await services.jobs.start();
    world = await buildWorld(db.database, superAdminEmail);
    await createUserWithPassword(db.database, {
      email: secondSuperAdmin,
      name: "Second Root",
      password,
    });
    for (const actor of ["owner", "otherOwner", "student", "superAdmin"] as const) {
      // The desk is the console's, on the base domain (decision 037).
      const host =
        actor === "superAdmin"
          ? "localhost"
          : actor === "otherOwner"
            ? world.acme.host
            : world.demo.host;
      const client = Object.assign(createClient(app, { host, ip: nextIp() }), { host });
      const res = await client.post("/api/auth/sign-in/email", {
        email: world.people[actor].email,
        password,
      });
      expect(res.status).toBe(200);
      clients[actor] = client;
    }
  }, 120_000);
  afterAll(() => db?.dispose());

  /** A multipart POST as a browser sends it, whole and with its length. */
  async function send(client: Client, path: string, parts: Part[]) {
    const headers = new Headers({ host: client.host, origin: `http://${client.host}` });
    headers.set("cookie", [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const form = new FormData();
    for (const part of parts) {
      if ("file" in part)
        form.append(part.name, new Blob([new Uint8Array(part.file)]), part.filename);
      else form.append(part.name, part.value);
    }
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    headers.set("content-type", encoded.headers.get("content-type")!);
    headers.set("content-length", String(body.byteLength));
    return app.request(
      `http://${client.host}${path}`,
      { method: "POST", body, headers },
      { incoming: { socket: { remoteAddress: nextIp() } } },
    );
  }

  const text = (name: string, value: string): Part => ({ name, value });
  const file = (filename: string, bytes: Buffer): Part => ({
    name: "files",
    file: bytes,
    filename,
  });

  async function open(client: Client, subject: string, more: Part[] = []) {
    const res = await send(client, "/api/tickets", [
      text("subject", subject),
      text("category", "bug"),
      text("body", `Steps for ${subject}:\n1. open\n2. see`),
      ...more,
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { ticket: { id: string; number: number } }).ticket;
  }

  async function refused(res: Response, status: number, code: string) {
    const body = (await res.json()) as { error?: { code: string } };
    expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
    expect(Object.keys(errorCatalogue)).toContain(code);
  }

  /** Another owner of a site, signed in: the opening limit counts per person and site. */
  async function freshOwner(label: string, site: "demo" | "acme" = "acme"): Promise<Client> {
    const email = `${label}-${Date.now().toString(36)}@example.test`;
    const user = await createUserWithPassword(db.database, { email, name: label, password });
    await createMember(db.database, {
      accountId: world[site].accountId,
      roleName: "site_owner",
      user,
    });
    const host = world[site].host;
    const client = Object.assign(createClient(app, { host, ip: nextIp() }), { host });
    expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    return client;
  }

  const ticketRow = (accountId: string, id: string) =>
    db.database.forAccount(accountId, async (tx) => {
      const [row] = await tx
        .select()
        .from(supportTickets)
        .where(and(eq(supportTickets.accountId, accountId), eq(supportTickets.id, id)));
      return row;
    });
  const replyCount = (accountId: string, ticketId: string) =>
    db.database.forAccount(
      accountId,
      async (tx) =>
        (
          await tx
            .select({ id: ticketReplies.id })
            .from(ticketReplies)
            .where(
              and(eq(ticketReplies.accountId, accountId), eq(ticketReplies.ticketId, ticketId)),
            )
        ).length,
    );

  const viewerOf = (actor: "owner" | "otherOwner" | "superAdmin", accountId: string): Viewer => ({
    user: {
      id: world.people[actor].userId,
      name: actor,
      email: world.people[actor].email,
      image: null,
    },
    membership:
      actor === "superAdmin"
        ? null
        : {
            memberId: "m",
            accountId,
            name: actor,
            slug: actor,
            email: world.people[actor].email,
            avatar: null,
            role: "site_owner",
            caps: [],
          },
    isSuperAdmin: actor === "superAdmin",
  });
  const demoAccount = () => ({
    accountId: world.demo.accountId,
    slug: world.demo.host.split(".")[0]!,
    domain: null,
    settings: {},
  });

  test("M7 tickets: the owner opens a bug with a picture; unresolved, the file kept privately under the ticket, the desk mailed", async () => {
    const png = await samples.png(40, 30);
    const ticket = await open(clients.owner, "Checkout button does nothing", [
      file("screen.png", png),
    ]);
    const row = await ticketRow(world.demo.accountId, ticket.id);
    expect(row).toMatchObject({ status: "unresolved", category: "bug", assigneeId: null });
    const [first] = await db.database.forAccount(world.demo.accountId, (tx) =>
      tx.select().from(ticketReplies).where(eq(ticketReplies.ticketId, ticket.id)),
    );
    expect(first!.fromPlatform).toBe(false);
    expect(first!.attachments).toHaveLength(1);
    const [attachment] = first!.attachments;
    expect(attachment).toMatchObject({ name: "screen.png", type: "image/png", size: png.length });
    expect(attachment!.key).toMatch(new RegExp(`^tickets/${ticket.id}/[0-9a-f-]{36}$`));
    const stored = await storage.get(ticketFileRef(world.demo.accountId, attachment!.key));
    expect(stored?.body.equals(png)).toBe(true);
    // The public file route never serves the private bucket.
    const publicTry = await clients.owner.request(
      `/files/private-${world.demo.accountId}/${attachment!.key}`,
    );
    expect(publicTry.status).toBe(404);

    await services.jobs.drain();
    for (const to of [superAdminEmail, secondSuperAdmin]) {
      const [mail] = await readOutbox(db.database, { to });
      expect(mail?.subject).toBe(
        `New support ticket #${ticket.number} from ${world.demo.host.split(".")[0]}: Checkout button does nothing`,
      );
      expect(mail!.textBody).toContain("> 1. open");
      // The desk's link leads to the console, on the base domain.
      expect(mail!.textBody).toMatch(
        new RegExp(`http://localhost(:\\d+)?/dashboard/tickets/${ticket.id}\\?view=desk`),
      );
    }
    expect(await readOutbox(db.database, { to: world.people.owner.email })).toHaveLength(0);
  });

  test("M7 tickets: an attachment downloads for the site's owner and super-admins only, as an attachment", async () => {
    const pdf = samples.pdf();
    const ticket = await open(clients.owner, "Invoice looks wrong", [file("invoice.pdf", pdf)]);
    const [reply] = await db.database.forAccount(world.demo.accountId, (tx) =>
      tx.select().from(ticketReplies).where(eq(ticketReplies.ticketId, ticket.id)),
    );
    const fileId = reply!.attachments[0]!.key.split("/").pop();
    const url = `/api/tickets/${ticket.id}/files/${fileId}`;
    const res = await clients.owner.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain('attachment; filename="invoice.pdf"');
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await clients.superAdmin.request(url)).status).toBe(200);
    await refused(await clients.student.request(url), 404, "tickets.notFound");
    await refused(await clients.otherOwner.request(url), 404, "tickets.notFound");
    const anonymous = createClient(app, { host: world.demo.host, ip: nextIp() });
    await refused(await anonymous.request(url), 401, "not_authenticated");
    await refused(
      await clients.owner.request(`/api/tickets/${ticket.id}/files/${missing}`),
      404,
      "tickets.notFound",
    );
  });

  test("M7 tickets: owner A never sees B's tickets, in the database or through the API; the platform desk sees both", async () => {
    const ours = await open(clients.owner, "Ours");
    const theirs = await open(clients.otherOwner, "Theirs");
    // Row-level security: each site's transaction sees its own rows only.
    const seen = (accountId: string) =>
      db.database.forAccount(accountId, (tx) =>
        tx.select({ id: supportTickets.id }).from(supportTickets),
      );
    const demoIds = (await seen(world.demo.accountId)).map((row) => row.id);
    const acmeIds = (await seen(world.acme.accountId)).map((row) => row.id);
    expect(demoIds).toContain(ours.id);
    expect(demoIds).not.toContain(theirs.id);
    expect(acmeIds).toEqual([theirs.id]);
    // The API on demo's host does not find acme's ticket.
    await refused(
      await send(clients.owner, `/api/tickets/${theirs.id}/replies`, [text("body", "Hi")]),
      404,
      "tickets.notFound",
    );
    await refused(
      await clients.owner.request(`/api/tickets/${theirs.id}/resolve`, {
        method: "POST",
        json: {},
      }),
      404,
      "tickets.notFound",
    );
    // The owner's screen lists theirs only; a thread of another site is not found.
    const screen = await loadTicketsScreen(db.database, {
      account: demoAccount(),
      viewer: viewerOf("owner", world.demo.accountId),
      search: new URLSearchParams(),
    });
    expect(screen.view).toBe("site");
    expect(screen.views).toEqual(["site"]);
    expect(screen.tickets.rows.map((row) => row.id)).toContain(ours.id);
    expect(screen.tickets.rows.map((row) => row.id)).not.toContain(theirs.id);
    await expect(
      loadTicketThread(db.database, {
        account: demoAccount(),
        viewer: viewerOf("owner", world.demo.accountId),
        ticketId: theirs.id,
        search: new URLSearchParams(),
        superAdminEmails: [superAdminEmail],
      }),
    ).rejects.toMatchObject({ code: "tickets.notFound" });
    // The desk (a super-admin, on any site) sees both, with their sites.
    const desk = await loadTicketsScreen(db.database, {
      account: demoAccount(),
      viewer: viewerOf("superAdmin", world.demo.accountId),
      search: new URLSearchParams(),
    });
    expect(desk.view).toBe("desk");
    const deskIds = desk.tickets.rows.map((row) => row.id);
    expect(deskIds).toEqual(expect.arrayContaining([ours.id, theirs.id]));
    expect(desk.tickets.rows.find((row) => row.id === theirs.id)!.site.slug).toBe(
      world.acme.host.split(".")[0],
    );
    const thread = await loadTicketThread(db.database, {
      account: demoAccount(),
      viewer: viewerOf("superAdmin", world.demo.accountId),
      ticketId: theirs.id,
      search: new URLSearchParams(),
      superAdminEmails: [superAdminEmail, secondSuperAdmin, "nobody@platform.test"],
    });
    expect(thread.view).toBe("desk");
    expect(thread.messages.map((message) => message.body)).toEqual([
      "Steps for Theirs:\n1. open\n2. see",
    ]);
    // The assignees: the configured super-admins who have an account.
    expect(thread.assignees.map((person) => person.name).sort()).toEqual(["Second Root", "root"]);
  });

  test("M7 M8 tickets: statuses — a platform reply awaits the site, a site reply is unresolved again, either side resolves, a reply reopens", async () => {
    const ticket = await open(clients.owner, "Statuses");
    const status = async () => (await ticketRow(world.demo.accountId, ticket.id))!.status;
    const deskReply = (body: string) =>
      send(clients.superAdmin, `/api/desk/tickets/${ticket.id}/replies`, [text("body", body)]);
    const siteReply = (body: string) =>
      send(clients.owner, `/api/tickets/${ticket.id}/replies`, [text("body", body)]);

    expect((await deskReply("Which browser?")).status).toBe(201);
    expect(await status()).toBe("awaited");
    expect((await siteReply("Firefox 140")).status).toBe(201);
    expect(await status()).toBe("unresolved");
    const resolve = await clients.owner.request(`/api/tickets/${ticket.id}/resolve`, {
      method: "POST",
      json: {},
    });
    expect(resolve.status).toBe(200);
    expect(await resolve.json()).toEqual({ status: "resolved" });
    expect(await status()).toBe("resolved");
    expect((await siteReply("It happens again")).status).toBe(201);
    expect(await status()).toBe("unresolved");
    // The desk sets any status.
    for (const next of ["resolved", "awaited", "unresolved"] as const) {
      const res = await clients.superAdmin.request(`/api/desk/tickets/${ticket.id}/status`, {
        method: "POST",
        json: { status: next },
      });
      expect(res.status).toBe(200);
      expect(await status()).toBe(next);
    }
    await refused(
      await clients.superAdmin.request(`/api/desk/tickets/${ticket.id}/status`, {
        method: "POST",
        json: { status: "closed" },
      }),
      400,
      "request.invalid",
    );
    // Only super-admins reach the desk; the site's routes are its owner's.
    for (const actor of ["owner", "student", "otherOwner"] as const) {
      await refused(
        await clients[actor].request(`/api/desk/tickets/${ticket.id}/status`, {
          method: "POST",
          json: { status: "resolved" },
        }),
        403,
        "auth.forbidden",
      );
    }
    await refused(
      await send(clients.student, `/api/tickets/${ticket.id}/replies`, [text("body", "Me too")]),
      403,
      "auth.forbidden",
    );
    // The site's own API is not on the base domain, where the super-admin is signed in.
    await refused(
      await send(clients.superAdmin, `/api/tickets/${ticket.id}/replies`, [text("body", "Hi")]),
      404,
      "route.notFound",
    );
    const thread = await loadTicketThread(db.database, {
      account: demoAccount(),
      viewer: viewerOf("owner", world.demo.accountId),
      ticketId: ticket.id,
      search: new URLSearchParams(),
      superAdminEmails: [],
    });
    expect(thread.messages.map((message) => [message.fromPlatform, message.body])).toEqual([
      [false, "Steps for Statuses:\n1. open\n2. see"],
      [true, "Which browser?"],
      [false, "Firefox 140"],
      [false, "It happens again"],
    ]);
  });

  test("M7 tickets: a platform reply mails the opener (with the thread's link) and tells the site's managers in the dashboard", async () => {
    const ticket = await open(clients.owner, "Mail me back");
    await services.jobs.drain();
    const before = (await readOutbox(db.database, { to: world.people.owner.email })).length;
    const res = await send(clients.superAdmin, `/api/desk/tickets/${ticket.id}/replies`, [
      text("body", "Fixed on our side, <b>try</b> again."),
    ]);
    expect(res.status).toBe(201);
    await services.jobs.drain();
    const mails = await readOutbox(db.database, { to: world.people.owner.email });
    expect(mails).toHaveLength(before + 1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Support replied to your ticket #${ticket.number}: Mail me back`);
    expect(mail!.site).toMatch(new RegExp(`^${world.demo.host.replace(/\./g, "\\.")}(:\\d+)?$`));
    expect(mail!.textBody).toContain("> Fixed on our side, <b>try</b> again.");
    expect(mail!.textBody).toMatch(
      new RegExp(
        `http://${world.demo.host.replace(/\./g, "\\.")}(:\\d+)?/dashboard/tickets/${ticket.id}\\n`,
      ),
    );
    expect(mail!.htmlBody).toContain("Fixed on our side, &lt;b&gt;try&lt;/b&gt; again.");
    // Nobody else got it: the desk's own reply goes to the site only.
    expect(await readOutbox(db.database, { to: superAdminEmail })).not.toContainEqual(
      expect.objectContaining({ subject: mail!.subject }),
    );
    const notes = await db.database.forAccount(world.demo.accountId, (tx) =>
      tx.select().from(accountNotifications),
    );
    expect(notes.map((note) => note.message)).toContain(
      `Support replied to your ticket #${ticket.number}: Mail me back`,
    );
  });

  test("M8 console tickets: assignment to a super-admin; the site's next reply mails the assignee only; anyone else is refused", async () => {
    // Another owner of demo: the opening limit counts per person.
    const opener = await freshOwner("assign-opener", "demo");
    const ticket = await open(opener, "Assign me");
    await services.jobs.drain();
    const assign = (assigneeId: string | null) =>
      clients.superAdmin.request(`/api/desk/tickets/${ticket.id}/assign`, {
        method: "POST",
        json: { assigneeId },
      });
    await refused(await assign(world.people.owner.userId), 400, "tickets.notAssignable");
    const self = await assign(world.people.superAdmin.userId);
    expect(self.status).toBe(200);
    expect(await self.json()).toEqual({ assigneeId: world.people.superAdmin.userId });
    expect((await ticketRow(world.demo.accountId, ticket.id))!.assigneeId).toBe(
      world.people.superAdmin.userId,
    );
    const counts = async () => ({
      root: (await readOutbox(db.database, { to: superAdminEmail })).length,
      second: (await readOutbox(db.database, { to: secondSuperAdmin })).length,
    });
    const before = await counts();
    expect(
      (await send(opener, `/api/tickets/${ticket.id}/replies`, [text("body", "Any news?")])).status,
    ).toBe(201);
    await services.jobs.drain();
    expect(await counts()).toEqual({ root: before.root + 1, second: before.second });
    const [mail] = await readOutbox(db.database, { to: superAdminEmail });
    expect(mail!.subject).toContain(`replied to ticket #${ticket.number}: Assign me`);

    // The desk's queue filters by assignment, status, category and site.
    const deskScreen = (query: Record<string, string>) =>
      loadTicketsScreen(db.database, {
        account: demoAccount(),
        viewer: viewerOf("superAdmin", world.demo.accountId),
        search: new URLSearchParams(query),
      });
    const ids = async (query: Record<string, string>) =>
      (await deskScreen(query)).tickets.rows.map((row) => row.id);
    expect(await ids({ assigned: "me" })).toEqual([ticket.id]);
    expect(await ids({ assigned: "none" })).not.toContain(ticket.id);
    expect(await ids({ status: "unresolved", q: "Assign" })).toEqual([ticket.id]);
    expect(await ids({ q: `#${ticket.number}` })).toEqual([ticket.id]);
    expect(await ids({ q: world.acme.host.split(".")[0]! })).not.toContain(ticket.id);
    expect(await ids({ category: "feature" })).toEqual([]);
    // Unknown filter values fall back to the defaults rather than failing the screen.
    expect((await deskScreen({ status: "closed", page: "-3", assigned: "x" })).filters).toEqual({
      status: null,
      category: null,
      assigned: "any",
      q: "",
      page: 1,
    });

    expect((await assign(null)).status).toBe(200);
    expect((await ticketRow(world.demo.accountId, ticket.id))!.assigneeId).toBeNull();
    await refused(
      await clients.owner.request(`/api/desk/tickets/${ticket.id}/assign`, {
        method: "POST",
        json: { assigneeId: world.people.owner.userId },
      }),
      403,
      "auth.forbidden",
    );
    await refused(
      await clients.superAdmin.request(`/api/desk/tickets/${missing}/assign`, {
        method: "POST",
        json: { assigneeId: null },
      }),
      404,
      "tickets.notFound",
    );
  });

  test("M7 tickets: attachments are refused by type, by size and by count, and nothing is kept of a refused message", async () => {
    const owner = await freshOwner("refusals", "demo");
    const ticket = await open(owner, "Refusals");
    const before = await replyCount(world.demo.accountId, ticket.id);
    const reply = (parts: Part[]) =>
      send(clients.owner, `/api/tickets/${ticket.id}/replies`, [
        text("body", "See file"),
        ...parts,
      ]);
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 1)]);
    await refused(await reply([file("tool.exe", exe)]), 415, "tickets.fileType");
    // A program renamed as a picture, a picture named as a PDF, and script in SVG or HTML.
    await refused(await reply([file("photo.png", exe)]), 415, "tickets.fileType");
    await refused(
      await reply([file("report.pdf", await samples.png(10, 10))]),
      415,
      "tickets.fileType",
    );
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    await refused(await reply([file("logo.svg", svg)]), 415, "tickets.fileType");
    await refused(
      await reply([file("page.html", Buffer.from("<html><script>x</script></html>"))]),
      415,
      "tickets.fileType",
    );
    await refused(
      await reply([file("big.pdf", samples.pdf(MAX_TICKET_FILE_BYTES))]),
      413,
      "request.tooLarge",
    );
    const six = Array.from({ length: 6 }, (_, i) =>
      file(`note-${i}.txt`, Buffer.from(`note ${i}`)),
    );
    await refused(await reply(six), 400, "tickets.tooManyFiles");
    expect(await replyCount(world.demo.accountId, ticket.id)).toBe(before);
    // Five text and zip files are fine.
    const zip = Buffer.from("504b0506000000000000000000000000000000000000", "hex");
    const ok = await reply([...six.slice(0, 4), file("logs.zip", zip)]);
    expect(ok.status).toBe(201);
    expect(await replyCount(world.demo.accountId, ticket.id)).toBe(before + 1);
  });

  test("M7 tickets: the boundary — subject 1..200, body 1..10000, a known category, no stray fields, forms only", async () => {
    const base = { subject: "Ok", category: "setup", body: "Hello" };
    const parts = (fields: Record<string, string>) =>
      Object.entries(fields).map(([name, value]) => text(name, value));
    const cases: Part[][] = [
      parts({ ...base, subject: "x".repeat(201) }),
      parts({ ...base, subject: "   " }),
      parts({ ...base, body: "" }),
      parts({ ...base, body: "y".repeat(10_001) }),
      parts({ ...base, category: "urgent" }),
      parts({ ...base, status: "resolved" }),
      [...parts(base), text("subject", "Twice")],
    ];
    for (const [index, fields] of cases.entries()) {
      // A fresh owner every few: each refused attempt counts towards the opening limit.
      const client = await freshOwner(`boundary-${index}`);
      await refused(await send(client, "/api/tickets", fields), 400, "request.invalid");
    }
    const client = await freshOwner("boundary-json");
    await refused(
      await client.request("/api/tickets", { method: "POST", json: base }),
      415,
      "request.unsupportedMediaType",
    );
    // The longest subject and body are taken, as a plain form too.
    const longest = await client.request("/api/tickets", {
      method: "POST",
      form: { ...base, subject: "s".repeat(200), body: "z".repeat(10_000) },
    });
    expect(longest.status).toBe(201);
  });

  test("M7 tickets: opening is rate-limited, five per person and site in ten minutes", async () => {
    const client = await freshOwner("burst");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await client.request("/api/tickets", {
        method: "POST",
        form: { subject: `Burst ${i}`, category: "issue", body: "Again" },
      });
      statuses.push(res.status);
      if (res.status === 429) await refused(res, 429, "request.tooMany");
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // Replies are not openings: the thread stays open to its owner.
  });
});
