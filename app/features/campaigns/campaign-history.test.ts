import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contentRevisions } from "~/features/content/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { createAccount, memberViewer } from "../../../tests/factories";
import { recordingJobs, sendingServices } from "../../../tests/support/campaign-rig";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { commandCampaigns } from "./campaign-commands.server";
import { compareCampaignRevisions } from "./campaign-history.server";
import { loadCampaign } from "./campaign-records.server";
import type { CampaignInput } from "./campaign-shapes";
import type { CampaignTransport } from "./campaign-transport.server";
import { campaigns } from "./tables.server";

const letter = (overrides: Partial<CampaignInput> = {}): CampaignInput => ({
  name: "Autumn letter",
  subject: "Autumn courses",
  preheader: "Six new courses",
  blocks: [
    { type: "heading", text: "Hello {{first_name | friend}}" },
    { type: "button", label: "See them", href: "https://example.com/courses" },
  ],
  ...overrides,
});

describe.each(backends)("M5 M2 campaign revisions on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let otherAccountId: string;
  let manager: Viewer;
  let student: Viewer;
  let otherManager: Viewer;
  const { jobs } = recordingJobs();
  const secretBox = createSecretBox("campaign-history-secret-0123456789abcdef");
  // Saving and restoring never send: no transport is reached.
  const services = () =>
    sendingServices({
      database: db.database,
      jobs,
      secretBox,
      transport: {} as CampaignTransport,
    });

  const person = (accountId: string, roleName: string, caps: string[]) =>
    memberViewer(db.database, { accountId, roleName, caps });
  const command = (body: Record<string, unknown>, viewer = manager, account = accountId) =>
    commandCampaigns(services(), { accountId: account, viewer, body });
  const save = async (id: string | null, input: CampaignInput) => {
    const answer = await command({ intent: "saveCampaign", id, campaign: input });
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    return (answer as { id: string }).id;
  };
  const opened = (id: string, viewer = manager) =>
    loadCampaign(db.database, { accountId, viewer, id });
  /** The stored revisions of a campaign, oldest first, read past the use cases. */
  const stored = (id: string, account = accountId) =>
    db.database.forAccount(account, (tx) =>
      tx
        .select()
        .from(contentRevisions)
        .where(
          and(
            eq(contentRevisions.accountId, account),
            eq(contentRevisions.itemKind, "campaign"),
            eq(contentRevisions.itemId, id),
          ),
        )
        .orderBy(contentRevisions.createdAt),
    );
  const markSent = (id: string) =>
    db.database.forAccount(accountId, (tx) =>
      tx
        .update(campaigns)
        .set({ status: "sent", startedAt: new Date(), finishedAt: new Date() })
        .where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, id))),
    );

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    otherAccountId = (await createAccount(db.database)).accountId;
    manager = await person(accountId, "site_owner", ["manage_options"]);
    student = await person(accountId, "student", []);
    otherManager = await person(otherAccountId, "site_owner", ["manage_options"]);
  });
  afterAll(() => db.dispose());

  test("M5 M2 every save of a campaign keeps a revision of the fields it stored; a refused save keeps none", async () => {
    const id = await save(null, letter());
    await save(id, letter({ subject: "Autumn courses are open", subjectB: "Seats for you" }));
    const refused = await command({ intent: "saveCampaign", id, campaign: { name: "" } });
    expect(refused).toMatchObject({ ok: false, code: "request.invalid" });
    // A scheduled campaign is still being written: its saves keep revisions too.
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect(await command({ intent: "scheduleCampaign", id, at })).toEqual({ ok: true });
    await save(id, letter({ subject: "Autumn courses are open", subjectB: "Seats for you" }));
    expect((await opened(id)).status).toBe("scheduled");

    const rows = await stored(id);
    expect(rows.map((row) => [row.version, row.autosave, row.authorName])).toEqual([
      [1, false, manager.user.name],
      [2, false, manager.user.name],
      [3, false, manager.user.name],
    ]);
    // The whole definition the editor edits, as stored (defaults filled in).
    expect(rows[2]!.snapshot).toEqual(rows[1]!.snapshot);
    expect(rows[1]!.snapshot).toEqual({
      name: "Autumn letter",
      subject: "Autumn courses are open",
      subjectB: "Seats for you",
      preheader: "Six new courses",
      blocks: letter().blocks,
      segmentIds: [],
      abSamplePercent: 0,
      abWaitMinutes: 240,
      tracking: true,
    });
    // The editor opens with its history, newest first.
    const { revisions } = await opened(id);
    expect(revisions.map((revision) => revision.id)).toEqual(rows.map((row) => row.id).reverse());
  });

  test("M5 M2 two revisions compare field by field; restoring one saves its fields again as the newest revision", async () => {
    const id = await save(null, letter({ subject: "First subject" }));
    await save(id, letter({ subject: "Second subject", tracking: false }));
    await save(id, letter({ subject: "Third subject", tracking: false }));
    const [first, , third] = await stored(id);

    const pair = await compareCampaignRevisions(db.database, {
      accountId,
      viewer: manager,
      id,
      revisionIds: [third!.id, first!.id],
    });
    expect(pair.map((side) => [side.id, side.campaign.subject, side.campaign.tracking])).toEqual([
      [first!.id, "First subject", true],
      [third!.id, "Third subject", false],
    ]);

    expect(await command({ intent: "revertCampaign", id, revisionId: first!.id })).toEqual({
      ok: true,
      id,
    });
    const { campaign, revisions } = await opened(id);
    expect(campaign).toMatchObject({ subject: "First subject", tracking: true });
    expect(revisions).toHaveLength(4);
    const newest = (await stored(id)).at(-1)!;
    expect([newest.version, newest.snapshot]).toEqual([4, first!.snapshot]);
  });

  test("M5 a sent campaign's revisions can be compared, never restored: the server refuses as it refuses an edit", async () => {
    const id = await save(null, letter({ subject: "Before" }));
    await save(id, letter({ subject: "As sent" }));
    const [before, sent] = await stored(id);
    await markSent(id);

    await expect(
      command({ intent: "revertCampaign", id, revisionId: before!.id }),
    ).rejects.toMatchObject({
      code: "campaigns.wrongState",
      status: 409,
    });
    await expect(
      command({ intent: "saveCampaign", id, campaign: letter({ subject: "After" }) }),
    ).rejects.toMatchObject({ code: "campaigns.wrongState" });
    expect((await opened(id)).campaign.subject).toBe("As sent");
    expect(await stored(id)).toHaveLength(2);
    const pair = await compareCampaignRevisions(db.database, {
      accountId,
      viewer: manager,
      id,
      revisionIds: [before!.id, sent!.id],
    });
    expect(pair.map((side) => side.campaign.subject)).toEqual(["Before", "As sent"]);
  });

  test("M5 only a member who may edit campaigns reads or restores their revisions", async () => {
    const id = await save(null, letter());
    await save(id, letter({ subject: "Changed" }));
    const [first, second] = await stored(id);
    const ids = [first!.id, second!.id];

    await expect(opened(id, student)).rejects.toMatchObject({ status: 403 });
    await expect(
      compareCampaignRevisions(db.database, { accountId, viewer: student, id, revisionIds: ids }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      command({ intent: "revertCampaign", id, revisionId: first!.id }, student),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      compareCampaignRevisions(db.database, { accountId, viewer: null, id, revisionIds: ids }),
    ).rejects.toMatchObject({ status: 401 });
    expect((await opened(id)).campaign.subject).toBe("Changed");
    expect(await stored(id)).toHaveLength(2);
  });

  test("M5 A11 another site's campaign revisions are out of reach, and one campaign's revision is not another's", async () => {
    const id = await save(null, letter({ subject: "Ours" }));
    await save(id, letter({ subject: "Ours, changed" }));
    const [first, second] = await stored(id);
    const elsewhere = { accountId: otherAccountId, viewer: otherManager, id };

    // Named by id from the other site: no campaign there, so no revision either.
    await expect(
      compareCampaignRevisions(db.database, { ...elsewhere, revisionIds: [first!.id, second!.id] }),
    ).rejects.toMatchObject({ code: "campaigns.notFound" });
    await expect(
      command(
        { intent: "revertCampaign", id, revisionId: first!.id },
        otherManager,
        otherAccountId,
      ),
    ).rejects.toMatchObject({ code: "campaigns.notFound" });
    // RLS: the other site's transaction sees none of these rows, whatever it asks for.
    expect(await stored(id, otherAccountId)).toEqual([]);
    const seen = await db.database.forAccount(otherAccountId, (tx) =>
      tx.select().from(contentRevisions).where(eq(contentRevisions.id, first!.id)),
    );
    expect(seen).toEqual([]);

    // Their own campaign with our revision's id: not that campaign's revision.
    const theirs = await save(null, letter({ subject: "Theirs" }));
    await expect(
      command({ intent: "revertCampaign", id: theirs, revisionId: first!.id }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    expect((await opened(theirs)).campaign.subject).toBe("Theirs");
  });

  test("M5 deleting a campaign drops its revisions", async () => {
    const id = await save(null, letter());
    await save(id, letter({ subject: "Again" }));
    const kept = await save(null, letter({ name: "Kept" }));
    expect(await stored(id)).toHaveLength(2);
    expect(await command({ intent: "deleteCampaign", id })).toEqual({ ok: true });
    expect(await stored(id)).toEqual([]);
    expect(await stored(kept)).toHaveLength(1);
  });
});
