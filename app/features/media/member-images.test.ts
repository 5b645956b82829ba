// Decision 073: a member who makes no content keeps pictures of their own, within a room of their
// own. The room is checked where the row is written, under the site's upload lock: 20 uploads at
// once never hold more than it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLocalStorage } from "~/platform/storage/storage.server";
import { createAccount, createMember } from "../../../tests/factories";
import { samples } from "../../../tests/support/media-samples";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { storeUploads, type StorageGate } from "./store.server";

const gate: StorageGate = { allows: async () => true, measured: async () => {} };

describe.each(backends)("Decision 073 a member's pictures on %s", (backend) => {
  let db: TestDatabase;
  let dir = "";
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "member-images-"));
  }, 60_000);
  afterAll(async () => {
    await db?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** One file as the upload route receives it. */
  async function received(name: string, body: Buffer) {
    const file = path.join(dir, `${crypto.randomUUID()}-${name}`);
    fs.writeFileSync(file, body);
    return { folder: "", dir, files: [{ name, file, size: body.length, truncated: false }] };
  }

  test("Issue 35 a member keeps pictures only, and 20 uploads at once never pass their room", async () => {
    const { accountId } = await createAccount(db.database);
    const { user } = await createMember(db.database, { accountId });
    const services = {
      database: db.database,
      storage: createLocalStorage({ root: path.join(dir, "store") }),
      bunnyApiUrl: "http://127.0.0.1:9",
      storageGate: gate,
    };
    const store = (ownerId: string, upload: Awaited<ReturnType<typeof received>>, bytes: number) =>
      storeUploads(services, {
        accountId,
        ownerId,
        planId: null,
        bunny: null,
        upload,
        member: { kinds: ["image"], bytes },
      });
    const picture = await samples.png(64, 48);
    // A PDF is refused for what it is; a picture's stored size (variants included) is learnt.
    const pdf = await store(user.id, await received("notes.pdf", samples.pdf()), 1e9);
    expect(pdf.rejected).toEqual([expect.objectContaining({ reason: "notAllowed" })]);
    const { user: other } = await createMember(db.database, { accountId });
    const first = await store(other.id, await received("a.png", picture), 1e9);
    const size = first.uploaded[0]!.size;

    // Room for three and a half: three of twenty are kept, the rest refused for room.
    const room = Math.floor(size * 3.5);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, n) =>
        store(user.id, await received(`p${n}.png`, picture), room),
      ),
    );
    expect(answers.flatMap((answer) => answer.uploaded)).toHaveLength(3);
    const refused = answers.flatMap((answer) => answer.rejected);
    expect(refused).toHaveLength(17);
    expect(new Set(refused.map((one) => one.reason))).toEqual(new Set(["quota"]));
  }, 120_000);
});
