// M5 in the cross-account HTTP matrix: the marketing overview (its notices' save), the contacts,
// campaigns, forms and popups screens (their commands) and their CSVs answer the site's managers only — on their own
// site; another site's session and the signed-out are sent to sign in.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "./support/access-matrix";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";

const superAdminEmail = "root@platform.test";
const atHome = (actor: ActorKind, place: Place) => actor !== "anonymous" && place === "own";
const manager = (actor: ActorKind) => actor === "owner" || actor === "otherOwner";
/** A manager's answer at home; everyone else at home is refused, away sent to sign in. */
const managers = (ok: number) => (actor: ActorKind, place: Place) => {
  if (!atHome(actor, place)) return 302;
  return manager(actor) ? ok : 403;
};
const get = (name: string, path: string): MatrixRoute => ({
  name,
  method: "GET",
  path,
  expect: managers(200),
});
const post = (name: string, path: string, body: object, ok: number): MatrixRoute => ({
  name,
  method: "POST",
  path,
  body: () => body,
  expect: managers(ok),
});

const routes: MatrixRoute[] = [
  get("GET /dashboard/manage/marketing (managers)", "/dashboard/manage/marketing"),
  get("GET /dashboard/manage/marketing/emails (managers)", "/dashboard/manage/marketing/emails"),
  get(
    "GET /dashboard/manage/marketing/emails?tab=segments (managers)",
    "/dashboard/manage/marketing/emails?tab=segments",
  ),
  get(
    "GET /dashboard/manage/marketing/emails/contacts.csv (managers)",
    "/dashboard/manage/marketing/emails/contacts.csv?status=subscribed",
  ),
  post(
    "POST /dashboard/manage/marketing/emails a segment's count (managers)",
    "/dashboard/manage/marketing/emails",
    { intent: "previewSegment", rules: {} },
    200,
  ),
  get(
    "GET /dashboard/manage/marketing/emails?tab=campaigns&campaign=new (managers)",
    "/dashboard/manage/marketing/emails?tab=campaigns&campaign=new",
  ),
  post(
    "POST /dashboard/manage/marketing/emails a campaign without a name (managers: 400)",
    "/dashboard/manage/marketing/emails",
    { intent: "saveCampaign", id: null, campaign: { name: "" } },
    400,
  ),
  post(
    "POST /dashboard/manage/marketing/emails sends no campaign (managers: 404)",
    "/dashboard/manage/marketing/emails",
    { intent: "sendCampaign", id: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c" },
    404,
  ),
  // M5 (decision 057): the sending settings, read and written by the site's managers only.
  get(
    "GET /dashboard/manage/marketing/emails?tab=campaigns&sending=settings (managers)",
    "/dashboard/manage/marketing/emails?tab=campaigns&sending=settings",
  ),
  post(
    "POST /dashboard/manage/marketing/emails saves the sending settings (managers)",
    "/dashboard/manage/marketing/emails",
    {
      intent: "saveSender",
      settings: { senderName: "Matrix News", replyTo: "office@example.com" },
    },
    200,
  ),
  post(
    "POST /dashboard/manage/marketing/emails malformed sending settings (managers: 400)",
    "/dashboard/manage/marketing/emails",
    {
      intent: "saveSender",
      settings: { relay: { enabled: true, host: "not a host!" }, dkim: { privateKey: "x" } },
    },
    400,
  ),
  post(
    "POST /dashboard/manage/marketing/emails tests a loopback relay (managers: 400)",
    "/dashboard/manage/marketing/emails",
    { intent: "testSender", settings: { relay: { enabled: true, host: "127.0.0.1", port: 9 } } },
    400,
  ),
  post(
    "POST /dashboard/manage/marketing/emails a body that is no command",
    "/dashboard/manage/marketing/emails",
    { intent: "mailEveryone" },
    400,
  ),
  get("GET /dashboard/manage/marketing/forms (managers)", "/dashboard/manage/marketing/forms"),
  get(
    "GET /dashboard/manage/marketing/forms?form=new (managers)",
    "/dashboard/manage/marketing/forms?form=new",
  ),
  {
    ...get(
      "GET /dashboard/manage/marketing/forms/submissions.csv of no form (managers: 404)",
      "/dashboard/manage/marketing/forms/submissions.csv?form=6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c",
    ),
    expect: managers(404),
  },
  post(
    "POST /dashboard/manage/marketing/forms a form without its e-mail field (managers: 400)",
    "/dashboard/manage/marketing/forms",
    {
      intent: "saveForm",
      id: null,
      form: { name: "No mail", slug: "no-mail", fields: [{ name: "x", type: "text", label: "X" }] },
    },
    400,
  ),
  post(
    "POST /dashboard/manage/marketing/forms deletes no form (managers: 404)",
    "/dashboard/manage/marketing/forms",
    { intent: "deleteForm", id: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c" },
    404,
  ),
  get("GET /dashboard/manage/marketing/popups (managers)", "/dashboard/manage/marketing/popups"),
  get(
    "GET /dashboard/manage/marketing/popups?popup=new (managers)",
    "/dashboard/manage/marketing/popups?popup=new",
  ),
  post(
    "POST /dashboard/manage/marketing/popups a popup with nothing to show (managers: 400)",
    "/dashboard/manage/marketing/popups",
    { intent: "savePopup", id: null, popup: { name: "Empty" } },
    400,
  ),
  get(
    "GET /dashboard/manage/marketing/automations (managers)",
    "/dashboard/manage/marketing/automations?contact=nobody%40example.com",
  ),
  get(
    "GET /dashboard/manage/marketing/automations?automation=new (managers)",
    "/dashboard/manage/marketing/automations?automation=new",
  ),
  post(
    "POST /dashboard/manage/marketing/automations an automation with no name (managers: 400)",
    "/dashboard/manage/marketing/automations",
    {
      intent: "save",
      id: null,
      automation: { name: "", graph: { trigger: { type: "order.paid" } } },
    },
    400,
  ),
  post(
    "POST /dashboard/manage/marketing/automations publishes no automation (managers: 404)",
    "/dashboard/manage/marketing/automations",
    { intent: "publish", id: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c" },
    404,
  ),
  post(
    "POST /dashboard/manage/marketing/automations dry-runs no automation (managers: 404)",
    "/dashboard/manage/marketing/automations",
    { intent: "dryRun", id: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c", email: "a@example.com" },
    404,
  ),
  get("GET /dashboard/manage/marketing/funnels (managers)", "/dashboard/manage/marketing/funnels"),
  post(
    "POST /dashboard/manage/marketing/funnels a funnel with no name (managers: 400)",
    "/dashboard/manage/marketing/funnels",
    { intent: "createFunnel", name: "" },
    400,
  ),
  post(
    "POST /dashboard/manage/marketing/funnels saves no step (managers: 404)",
    "/dashboard/manage/marketing/funnels",
    { intent: "saveStep", id: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c", step: {} },
    404,
  ),
  get(
    "GET /dashboard/manage/marketing/affiliates (managers)",
    "/dashboard/manage/marketing/affiliates",
  ),
  get(
    "GET /dashboard/manage/marketing/affiliates/payouts.csv (managers)",
    "/dashboard/manage/marketing/affiliates/payouts.csv",
  ),
  post(
    "POST /dashboard/manage/marketing/affiliates a commission over 100 % (managers: 400)",
    "/dashboard/manage/marketing/affiliates",
    { intent: "saveProgramme", programme: { enabled: true, percent: 130 } },
    400,
  ),
  post(
    "POST /dashboard/manage/marketing/affiliates approves no affiliate (managers: 404)",
    "/dashboard/manage/marketing/affiliates",
    { intent: "decide", id: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c", status: "approved" },
    404,
  ),
  {
    name: "GET /dashboard/affiliate (every member)",
    method: "GET",
    path: "/dashboard/affiliate",
    expect: (actor, place) => (atHome(actor, place) ? 200 : 302),
  },
  {
    name: "POST /dashboard/affiliate joins a programme the site has not opened (every member: 409)",
    method: "POST",
    path: "/dashboard/affiliate",
    body: () => ({ intent: "join" }),
    expect: (actor, place) => (atHome(actor, place) ? 409 : 302),
  },
  post(
    "POST /dashboard/manage/marketing a part that is no notice",
    "/dashboard/manage/marketing",
    { part: "theme", value: {} },
    400,
  ),
];

describe.each(logicBackends)("M5 HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
  }, 120_000);
  afterAll(() => db?.dispose());

  test("M5 the marketing, contacts, forms, popups, automations, funnels and affiliates screens, their commands and the CSVs answer each actor, on its own site and another's, as stated", async () => {
    expect(await runMatrix(app, world, routes)).toEqual([]);
  }, 300_000);
});
