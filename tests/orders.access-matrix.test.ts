// Issue 16 scope 6 in the cross-account HTTP matrix: /dashboard/orders (a member's own view,
// the shop for managers), its cancel-at-period-end action, the orders CSV and an order's
// invoice PDF (its buyer and the site's managers; 404 to anyone else, 401 without a session);
// and C5's checkout, order commands and downloads.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createOrder } from "./factories/orders";
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
/** An id nothing has. */
const absent = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";
const manager = (actor: ActorKind) => actor === "owner" || actor === "otherOwner";
/**
 * The platform's shop (`?scope=platform`): the super-admin on the base domain only; on a site a
 * super-admin is what their membership there makes them (decision 037).
 */
const platformOnly = (ok: number) => (actor: ActorKind, place: Place) => {
  if (place === "platform") return actor === "superAdmin" ? ok : 401;
  return atHome(actor, place) ? 403 : 401;
};

type Fixture = { orderId: string; subscriptionId: string };
let fixture: Fixture;

const page = (name: string, path: string): MatrixRoute => ({
  name,
  method: "GET",
  path,
  expect: (actor, place) => (atHome(actor, place) ? 200 : 302),
});

const routes: MatrixRoute[] = [
  page("GET /dashboard/orders (every member: their own, or the shop)", "/dashboard/orders"),
  page("GET /dashboard/orders?tab=revenue", "/dashboard/orders?tab=revenue&period=90d"),
  page("GET /dashboard/orders?tab=customers", "/dashboard/orders?tab=customers&q=student"),
  page("GET /dashboard/orders?tab=subscriptions", "/dashboard/orders?tab=subscriptions"),
  {
    name: "GET /dashboard/orders.csv (managers)",
    method: "GET",
    path: "/dashboard/orders.csv?status=fulfilled",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return manager(actor) ? 200 : 403;
    },
  },
  {
    name: "POST /dashboard/orders cancel the student's subscription (the student, demo's managers)",
    method: "POST",
    path: "/dashboard/orders",
    body: () => ({ intent: "cancelSubscription", subscriptionId: fixture.subscriptionId }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      if (actor === "student" || actor === "owner") return 200;
      return 404; // the instructor, the super-admin (no role on demo), acme's owner on acme
    },
  },
  {
    name: "POST /dashboard/orders a body that is no command",
    method: "POST",
    path: "/dashboard/orders",
    body: () => ({ intent: "refundEverything" }),
    expect: (actor, place) => (atHome(actor, place) ? 400 : 302),
  },
  {
    name: "GET /api/orders/:id/invoice.pdf (its buyer and demo's managers)",
    method: "GET",
    path: () => `/api/orders/${fixture.orderId}/invoice.pdf`,
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      if (actor === "student" || actor === "owner") return 200;
      return 404;
    },
  },
  {
    name: "GET /api/orders/:id/invoice.pdf (no such order)",
    method: "GET",
    path: "/api/orders/6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c/invoice.pdf",
    expect: (actor, place) => (atHome(actor, place) ? 404 : 401),
  },
  // C5: the checkout and the order commands of the API (issue 16's own rows).
  {
    name: "POST /api/checkout (a product this site does not sell)",
    method: "POST",
    path: "/api/checkout",
    body: () => ({
      lines: [{ id: absent, priceId: absent, quantity: 1 }],
      provider: "offline",
      checkoutKey: crypto.randomUUID(),
    }),
    expect: (actor, place) => (atHome(actor, place) ? 409 : 401),
  },
  {
    // Anyone on a site: the checkout's summary is read before the buyer signs in.
    name: "POST /api/checkout/quote (anyone; a product this site does not sell)",
    method: "POST",
    path: "/api/checkout/quote",
    body: () => ({ lines: [{ id: absent, priceId: absent, quantity: 1 }], coupon: null }),
    expect: () => 409,
  },
  {
    name: "POST /api/checkout/:id/return (its buyer only; the order is not waiting)",
    method: "POST",
    path: () => `/api/checkout/${fixture.orderId}/return`,
    body: () => ({ payload: {} }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return actor === "student" ? 200 : 404;
    },
  },
  {
    name: "GET /api/orders/:id (its buyer and demo's managers)",
    method: "GET",
    path: () => `/api/orders/${fixture.orderId}`,
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return actor === "student" || actor === "owner" ? 200 : 404;
    },
  },
  ...(["confirm", "cancel"] as const).map((command): MatrixRoute => ({
    name: `POST /api/orders/:id/${command} (managers, and for cancel its buyer; a fulfilled order refuses it)`,
    method: "POST",
    path: () => `/api/orders/${fixture.orderId}/${command}`,
    body: () => ({}),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      if (actor === "owner" || (actor === "student" && command === "cancel")) return 409;
      return actor === "otherOwner" ? 404 : 403;
    },
  })),
  {
    name: "POST /api/orders/:id/refund (managers; no such order)",
    method: "POST",
    path: `/api/orders/${absent}/refund`,
    body: () => ({}),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return manager(actor) ? 404 : 403;
    },
  },
  {
    name: "POST /api/orders/:id/refund with an amount (managers; no such order)",
    method: "POST",
    path: `/api/orders/${absent}/refund`,
    body: () => ({ amount: 100 }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return manager(actor) ? 404 : 403;
    },
  },
  {
    name: "POST /api/orders/:id/refund?scope=platform (the platform's shop: super-admins; no such order)",
    method: "POST",
    path: `/api/orders/${absent}/refund?scope=platform`,
    body: () => ({}),
    expect: platformOnly(404),
  },
  {
    name: "POST /api/orders/:id/confirm?scope=platform (a bank transfer for a plan: super-admins confirm it; no such order)",
    method: "POST",
    path: `/api/orders/${absent}/confirm?scope=platform`,
    body: () => ({}),
    expect: platformOnly(404),
  },
  ...(
    [
      ["paymentReturn", { payload: { razorpay_payment_id: "pay_x" } }],
      ["withdrawTransfer", {}],
    ] as const
  ).map(([intent, rest]): MatrixRoute => ({
    name: `POST /dashboard/billing ${intent} (the site's billing: its owner and super-admins; no plan order of this site)`,
    method: "POST",
    path: "/dashboard/billing",
    body: () => ({ intent, orderId: absent, ...rest }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return manager(actor) ? 404 : 403;
    },
  })),
  {
    name: "POST /dashboard/billing keepPlan (Keep my current plan: its owner and super-admins; nothing scheduled)",
    method: "POST",
    path: "/dashboard/billing",
    body: () => ({ intent: "keepPlan", checkoutKey: "matrix-keep-plan" }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return manager(actor) ? 409 : 403;
    },
  },
  ...["customers", "subscriptions", "orders"].map((tab): MatrixRoute => ({
    name: `GET /dashboard/billing/${tab} (the console: the base domain's only)`,
    method: "GET",
    path: `/dashboard/billing/${tab}`,
    expect: (actor, place) => {
      if (place === "platform") return actor === "superAdmin" ? 200 : 302;
      return atHome(actor, place) ? 404 : 302;
    },
  })),
  {
    name: "GET /dashboard/billing/invoices/:orderId (a plan invoice: whoever opens the site's billing; no such order)",
    method: "GET",
    path: `/dashboard/billing/invoices/${absent}`,
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return manager(actor) ? 404 : 403;
    },
  },
  {
    name: "POST /api/orders a manual order (managers; no such member)",
    method: "POST",
    path: "/api/orders",
    body: () => ({
      userEmail: "nobody@example.test",
      productIds: [absent],
    }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return manager(actor) ? 404 : 403;
    },
  },
  {
    name: "POST /api/subscriptions/:id/billing-page (its subscriber only; no provider's subscription)",
    method: "POST",
    path: () => `/api/subscriptions/${fixture.subscriptionId}/billing-page`,
    body: () => ({}),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return actor === "student" ? 409 : 404;
    },
  },
  {
    name: "GET /api/downloads/:id (a file nobody here bought)",
    method: "GET",
    path: `/api/downloads/${absent}`,
    expect: (actor, place) => (atHome(actor, place) ? 404 : 401),
  },
];

describe.each(logicBackends)("issue 16 scope 6 HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
    const { accountId } = world.demo;
    const student = world.people.student;
    const { order, subscriptionId } = await createOrder(db.database, {
      accountId,
      userId: student.userId,
      email: student.email,
      // A bank-transfer subscription: cancelling it asks no provider (demo has no keys here).
      provider: "offline",
      items: [{ title: "Gold monthly", amount: 1900, billing: "subscription", interval: "month" }],
      subscription: { status: "active" },
    });
    await createOrder(db.database, {
      accountId: world.acme.accountId,
      userId: world.people.otherOwner.userId,
      email: world.people.otherOwner.email,
    });
    fixture = { orderId: order.id, subscriptionId: subscriptionId! };
  }, 120_000);
  afterAll(() => db?.dispose());

  test("scope 6 the orders screens, CSV, action and invoice answer each actor, on its own site and another's, as stated", async () => {
    expect(await runMatrix(app, world, routes)).toEqual([]);
    // The platform's own routes, on the base domain too (decision 037).
    const platformRoutes = routes.filter((route) => /scope=platform|the console/.test(route.name));
    expect(await runMatrix(app, world, platformRoutes, { places: ["platform"] })).toEqual([]);
  }, 300_000);
});
