/**
 * Every endpoint that reads a body, a query or a path parameter, for the fuzz pass (issue 11,
 * item 6): our API routes, better-auth's endpoints, and the pages' actions and loaders. The
 * fuzz pass (fuzz-pass.ts) checks that its requests reached every route of the Hono app and
 * tests/fuzz.test.ts that every page action is here, so a new route that is not listed here
 * fails the suite.
 */
import fs from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { headerNoticesSchema } from "../../app/features/notices/notices";
import { bodyLimitFor } from "../../server/middleware/input-boundary";
import type { FuzzShape } from "./fuzz-corpus";
import { fuzzDeliveryReport } from "./fuzz-mail-corpus";
import { mailgunRelay, postmarkRelay, sendgridRelay, sesRelay } from "./mail-relays";

export type FuzzWorld = {
  accountId: string;
  /** The site's host (an account), where the manager is an owner. */
  host: string;
  /** The platform's own host (BASE_DOMAIN). */
  platformHost: string;
  studentId: string;
  password: string;
};

export type FuzzEndpoint = {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** With `:param` for a path parameter fuzzed by a `path` shape. */
  path: string;
  platform?: boolean;
  /** The Hono route as written in a feature's api file ("POST /account/profile"). */
  route?: string;
  /** better-auth's endpoint path ("/sign-in/email"). */
  authPath?: string;
  /** The route module whose action (POST) or loader (GET) this reaches. */
  routeFile?: string;
  shape: (world: FuzzWorld) => FuzzShape;
  /** Writes the manager may only make a few times a minute: a fresh manager every N requests. */
  managerEvery?: number;
  /** Sent with every request (a machine endpoint's key), by the manager and anonymously alike. */
  headers?: Record<string, string>;
  /** Headers made over each request's own body (a relay's signature), sent alike. */
  sign?: (body: Uint8Array) => Record<string, string>;
};

/** The platform's key for bounce and complaint mails in the fuzz app (MAIL_FEEDBACK_KEY). */
export const FUZZ_MAIL_FEEDBACK_KEY = "fuzz-mail-feedback-key-0123456789abcdef";
/** The scraper's key in the fuzz app (METRICS_TOKEN): the pass reads /metrics as Prometheus. */
export const FUZZ_METRICS_TOKEN = "fuzz-metrics-token-0123456789abcdef-0123";

/**
 * The relays whose webhooks the fuzz app reads (decision 055), with their keys: the pass signs
 * as they do, so a case that keeps the signature's fields reaches the relay's JSON reading.
 */
export const fuzzMailRelays = {
  mailgun: mailgunRelay(),
  sendgrid: sendgridRelay(),
  postmark: postmarkRelay(),
  ses: sesRelay({ topicArn: "arn:aws:sns:eu-west-1:123456789012:fuzz-feedback" }),
};
/**
 * A relay's signed body, made once per world: a corpus is the same each time it is built (the
 * body carries a timestamp and a nonce), and fresh for the pass that builds it.
 */
function signedOnce(make: (w: FuzzWorld) => Record<string, unknown>) {
  const made = new WeakMap<FuzzWorld, Record<string, unknown>>();
  return (w: FuzzWorld) => {
    if (!made.has(w)) made.set(w, make(w));
    return made.get(w)!;
  };
}
const relayMessageId = (w: FuzzWorld) => `<c.${uuid}.${uuid}@${w.host}>`;
const mailgunValid = signedOnce((w) =>
  fuzzMailRelays.mailgun.signed(fuzzMailRelays.mailgun.failed(relayMessageId(w), "permanent")),
);
const sendgridValid = signedOnce((w) => fuzzMailRelays.sendgrid.bounce(relayMessageId(w)));
const postmarkValid = signedOnce((w) => fuzzMailRelays.postmark.bounce(relayMessageId(w)));
const sesValid = signedOnce((w) =>
  fuzzMailRelays.ses.notification(fuzzMailRelays.ses.bounce(relayMessageId(w))),
);
export const fuzzMailRelayEnv = {
  MAIL_FEEDBACK_MAILGUN_SIGNING_KEY: fuzzMailRelays.mailgun.key,
  MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY: fuzzMailRelays.sendgrid.verificationKey,
  MAIL_FEEDBACK_POSTMARK_CREDENTIALS: fuzzMailRelays.postmark.credentials,
  MAIL_FEEDBACK_SES_TOPIC_ARNS: "arn:aws:sns:eu-west-1:123456789012:fuzz-feedback",
};

const uuid = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";
const json = (endpointPath: string, valid: Record<string, unknown>): FuzzShape => ({
  kind: "json",
  valid,
  limit: bodyLimitFor(endpointPath),
});
const query = (valid: Record<string, string> = {}): FuzzShape => ({ kind: "query", valid });

/** A JSON POST: the route as written in the api file, and a body the route would accept. */
function post(
  apiPath: string,
  valid: (w: FuzzWorld) => Record<string, unknown>,
  more: Partial<FuzzEndpoint> = {},
): FuzzEndpoint {
  const full = `/api${apiPath}`;
  return {
    name: `POST ${full}`,
    method: "POST",
    path: full,
    route: `POST ${apiPath}`,
    shape: (w) => json(full, valid(w)),
    ...more,
  };
}
function get(
  apiPath: string,
  valid: (w: FuzzWorld) => Record<string, string> = () => ({}),
  more: Partial<FuzzEndpoint> = {},
): FuzzEndpoint {
  const full = `/api${apiPath}`;
  return {
    name: `GET ${full}`,
    method: "GET",
    path: full,
    route: `GET ${apiPath}`,
    shape: (w) => query(valid(w)),
    ...more,
  };
}

/** Issue 16 products and memberships (features/products, features/memberships api.server.ts). */
function productEndpoints(): FuzzEndpoint[] {
  const at = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    route: string,
    valid: () => Record<string, unknown> = () => ({}),
  ): FuzzEndpoint[] => {
    const full = `/api${route.replace(/:\w+/g, uuid)}`;
    const shaped: FuzzEndpoint = {
      name: `${method} /api${route}`,
      method,
      path: full,
      route: `${method} ${route}`,
      shape: () =>
        method === "GET" || method === "DELETE"
          ? query(valid() as Record<string, string>)
          : json(full, valid()),
    };
    // A route with an id also has that id fuzzed in its path.
    if (!route.includes(":")) return [shaped];
    const pathed: FuzzEndpoint = {
      name: `${method} /api${route} (path)`,
      method,
      path: `/api${route.replace(/:userId/, "someone")}`,
      route: `${method} ${route}`,
      shape: () => ({ kind: "path", valid: uuid }),
    };
    return [shaped, pathed];
  };
  const price = {
    currency: "USD",
    amount: 4900,
    saleAmount: null,
    saleStartsAt: null,
    saleEndsAt: null,
    billing: "subscription",
    interval: "month",
    trialDays: 7,
    iterations: 0,
  };
  const product = () => ({
    title: "Fuzz product",
    slug: "fuzz-product",
    description: "<p>Fuzz</p>",
    image: null,
    kind: "course",
    status: "draft",
    visibility: "public",
    prices: [price],
    grants: [{ target: "course", targetId: uuid }],
  });
  const level = () => ({
    name: "Fuzz",
    slug: "fuzz",
    description: "",
    durationDays: 30,
    status: "active",
    position: 0,
    rules: [
      { resource: "post_tag", tag: "premium" },
      { resource: "course", targetId: uuid },
    ],
  });
  return [
    ...at("GET", "/products", () => ({ q: "fuzz", status: "draft", page: "2" })),
    ...at("POST", "/products", product),
    ...at("POST", "/products/draft", () => ({ title: "Fuzz", kind: "membership" })),
    ...at("GET", "/products/:id"),
    ...at("PUT", "/products/:id", product),
    ...at("DELETE", "/products/:id"),
    ...at("GET", "/memberships/access", () => ({ type: "post", id: uuid })),
    ...at("GET", "/memberships"),
    ...at("POST", "/memberships", level),
    ...at("PUT", "/memberships/:id", level),
    ...at("DELETE", "/memberships/:id"),
    ...at("GET", "/memberships/:id/members", () => ({ q: "sam", page: "1" })),
    ...at("POST", "/memberships/:id/members", () => ({ email: "a@example.test", expiresAt: null })),
    ...at("DELETE", "/memberships/:id/members/:userId"),
  ];
}

/** The quizzes API: a concrete path per route (the ids need not exist: refusals are not 500s). */
function quizEndpoints(): FuzzEndpoint[] {
  const at = (
    method: "GET" | "POST" | "PUT",
    route: string,
    valid: () => Record<string, unknown> = () => ({}),
  ): FuzzEndpoint => {
    const full = `/api${route.replace(/:\w+/g, uuid)}`;
    return {
      name: `${method} /api${route}`,
      method,
      path: full,
      route: `${method} ${route}`,
      shape: () =>
        method === "GET" ? query(valid() as Record<string, string>) : json(full, valid()),
    };
  };
  const question = () => ({
    type: "single",
    prompt: "<p>Pick</p>",
    points: 1,
    data: {
      options: [
        { id: "a", text: "A" },
        { id: "b", text: "B" },
      ],
      answer: "a",
    },
  });
  return [
    at("GET", "/courses/:courseId/quizzes"),
    at("POST", "/courses/:courseId/quizzes", () => ({ title: "Quiz" })),
    at("GET", "/quizzes"),
    at("POST", "/quizzes", () => ({ title: "Quiz" })),
    at("GET", "/quizzes/:quizId"),
    at("PUT", "/quizzes/:quizId", () => ({ title: "Quiz", settings: { passMark: 50 } })),
    at("POST", "/quizzes/:quizId/delete"),
    at("POST", "/quizzes/:quizId/questions", question),
    at("PUT", "/quizzes/:quizId/questions/order", () => ({ ids: [uuid] })),
    at("PUT", "/quizzes/:quizId/questions/:questionId", question),
    at("POST", "/quizzes/:quizId/questions/:questionId/delete"),
    at("GET", "/quizzes/:quizId/take"),
    at("POST", "/quizzes/:quizId/attempts"),
    at("GET", "/quiz-attempts/:attemptId"),
    at("PUT", "/quiz-attempts/:attemptId/answers", () => ({ answers: { [uuid]: "a" } })),
    at("POST", "/quiz-attempts/:attemptId/submit", () => ({ answers: {} })),
    // A file answer: multipart, its one field the question's id.
    {
      name: "POST /api/quiz-attempts/:attemptId/files",
      method: "POST",
      path: `/api/quiz-attempts/${uuid}/files`,
      route: "POST /quiz-attempts/:attemptId/files",
      shape: () => ({
        kind: "multipart",
        valid: { questionId: uuid },
        fileField: "file",
        limit: bodyLimitFor(`/api/quiz-attempts/${uuid}/files`),
      }),
    },
    at("GET", "/quiz-attempts/:attemptId/files/:fileId"),
    at("GET", "/grading"),
    at("GET", "/grading/:attemptId"),
    at("POST", "/grading/:attemptId", () => ({ grades: { [uuid]: { points: 1, feedback: "" } } })),
  ];
}

/** Issue 17 scope 6: support tickets (features/tickets/api.server.ts); ids that need not exist. */
function ticketEndpoints(): FuzzEndpoint[] {
  const message = (
    apiPath: string,
    valid: Record<string, string>,
    more: Partial<FuzzEndpoint> = {},
  ): FuzzEndpoint => {
    const full = `/api${apiPath.replace(/:\w+/g, uuid)}`;
    return {
      name: `POST /api${apiPath}`,
      method: "POST",
      path: full,
      route: `POST ${apiPath}`,
      shape: () => ({ kind: "multipart", valid, fileField: "files", limit: bodyLimitFor(full) }),
      ...more,
    };
  };
  return [
    // Openings are limited per person: a fresh owner every few.
    message(
      "/tickets",
      { subject: "Help", category: "bug", body: "It fails" },
      { managerEvery: 5 },
    ),
    message("/tickets/:id/replies", { body: "More detail" }),
    message("/desk/tickets/:id/replies", { body: "An answer" }),
    post(`/tickets/${uuid}/resolve`, () => ({}), { route: "POST /tickets/:id/resolve" }),
    post(`/desk/tickets/${uuid}/status`, () => ({ status: "resolved" }), {
      route: "POST /desk/tickets/:id/status",
    }),
    post(`/desk/tickets/${uuid}/assign`, () => ({ assigneeId: null }), {
      route: "POST /desk/tickets/:id/assign",
    }),
    get(`/tickets/${uuid}/files/${uuid}`, () => ({}), { route: "GET /tickets/:id/files/:fileId" }),
  ];
}

const deviceInfo = {
  browser: "Firefox",
  platform: "Linux",
  screenWidth: 1280,
  screenHeight: 800,
  deviceType: "desktop",
};

const optionValues: Record<string, Record<string, unknown>> = {
  menus: {
    header: [{ id: "m1", label: "Home", item_url: "/", item_type: "link", children: [] }],
    mobile: [],
  },
  settings: { sitetitle: "Fuzz", description: "A site" },
  header: {
    header_style: "solid",
    header_fix: false,
    header_fontsize: 15,
    header_search: true,
    notices: { enable_header_notice: true, header_notice: "Hi", header_notice_bg: "#1c7ed6" },
  },
  footer: {
    footer_style: "columns",
    footer_columns: [
      { title: "Links", type: "links", width: 3, data: [{ label: "Home", url: "/" }] },
    ],
    footer_bottom: "©",
    footer_bottom_links: [],
  },
  theme: {
    bodyStyle: "full",
    primaryColor: "blue",
    fontFamily: "Inter",
    headingsFontFamily: "Georgia",
  },
  misc: { scripts: "", analytics_tag: "G-ABCD1234" },
  dashboard: { member_menu: ["home", "profile"] },
};

/** Our API routes (app/features/*\/api.server.ts, branding-api.server.ts). */
const apiEndpoints: FuzzEndpoint[] = [
  post("/account/isSiteOwner", (w) => ({ account_id: w.accountId, email: "owner@example.test" })),
  post("/users/getUserEmailById", (w) => ({ account_id: w.accountId, user_id: w.studentId })),
  {
    name: "POST /api/account/avatar",
    method: "POST",
    path: "/api/account/avatar",
    route: "POST /account/avatar",
    shape: () => ({
      kind: "multipart",
      valid: {},
      fileField: "file",
      limit: bodyLimitFor("/api/account/avatar"),
    }),
  },
  post("/account/profile", () => ({
    name: "Fuzzed Name",
    bio: "Fuzzed words",
    links: ["https://fuzz.example/me"],
    profilePublic: true,
  })),
  get("/account/sessions"),
  post("/account/sessions/revoke", () => ({ id: "not-a-session" })),
  // A password the policy refuses: each field is checked, without a password hash per request
  // (fuzzed passwords that pass the policy still go all the way).
  post("/account/sign-up", () => ({
    name: "New",
    email: "new-person@example.test",
    password: "too-short",
  })),
  post("/account/sign-up-phone", () => ({
    name: "New",
    phone: "+15550001111",
    password: "too-short",
  })),
  post("/account/sign-up-phone/verify", () => ({ phone: "+15550001111", code: "123456" })),
  get("/account/me"),
  post("/auth/sign-up/email", () => ({
    name: "New",
    email: "x@example.test",
    password: "Fuzz-Harbour-Quartz-88",
  })),
  get("/search", () => ({ q: "lesson", type: "all" })),
  get("/realtime"),
  // The operations probes (server/operations-routes.ts): no input but their query and path.
  get("/health"),
  get("/ready"),
  get("/tls/allowed", () => ({ domain: "demo.localhost" })),
  // M8 the console's entry to a site's dashboard as its owner (features/console/api.server.ts).
  get("/console/enter", () => ({ token: "A".repeat(43) })),
  get("/notifications", () => ({ type: "all" })),
  get("/notifications/history", () => ({ before: "2026-01-01T00:00:00.000Z", limit: "10" })),
  post("/notifications/read", () => ({ source: "account", id: uuid })),
  post("/notifications/read-all", () => ({ type: "chat" })),
  post("/notifications/account", () => ({ message: "<p>Hello</p>", severity: 2 }), {
    managerEvery: 15,
  }),
  // Quizzes (issue 15, features/quizzes/api.server.ts): ids in the path, JSON bodies.
  ...quizEndpoints(),
  // Support tickets (issue 17 scope 6): forms with files, and the desk's JSON commands.
  ...ticketEndpoints(),
  get("/site/revalidateCache", (w) => ({ site: w.accountId, path: "blog" })),
  get("/site/invalidateCache", (w) => ({ account_id: w.accountId, key: "getSiteOption-menus" })),
  ...Object.entries(optionValues).map(([key, value]) => ({
    name: `PUT /api/site/options/${key}`,
    method: "PUT" as const,
    path: `/api/site/options/${key}`,
    route: "PUT /site/options/:key",
    shape: () => json(`/api/site/options/${key}`, value),
  })),
  {
    name: "PUT /api/site/options/:key (path)",
    method: "PUT",
    path: "/api/site/options/:key",
    route: "PUT /site/options/:key",
    shape: () => ({ kind: "path", valid: "theme" }),
  },
  post("/site/cache-token", () => ({ days: 30 })),
  // Learning (issue 15): the player's writes, with a course and lesson that need not exist.
  {
    name: "POST /api/learning/courses/:courseId/enrol",
    method: "POST",
    path: `/api/learning/courses/${uuid}/enrol`,
    route: "POST /learning/courses/:courseId/enrol",
    shape: () => json(`/api/learning/courses/${uuid}/enrol`, {}),
  },
  {
    name: "POST /api/learning/courses/:courseId/enrol (path)",
    method: "POST",
    path: "/api/learning/courses/:courseId/enrol",
    route: "POST /learning/courses/:courseId/enrol",
    shape: () => ({ kind: "path", valid: uuid }),
  },
  // Issue 37: an owner's archive by its id, and a member's own data (no input but the session).
  {
    name: "GET /api/account/exports/:exportId/archive (path)",
    method: "GET",
    path: "/api/account/exports/:exportId/archive",
    route: "GET /account/exports/:exportId/archive",
    shape: () => ({ kind: "path", valid: uuid }),
  },
  get("/account/my-data"),
  // Issue 37: the site's API description (decision 086), open to anyone.
  get("/openapi.json"),
  // A lesson's file (decision 042), through the lesson's access rule: each id fuzzed in turn.
  ...[
    `/api/learning/lessons/:lessonId/files/${uuid}`,
    `/api/learning/lessons/${uuid}/files/:mediaId`,
  ].map((path): FuzzEndpoint => ({
    name: `GET ${path.replace(uuid, "…")} (path)`,
    method: "GET",
    path,
    route: "GET /learning/lessons/:lessonId/files/:mediaId",
    shape: () => ({ kind: "path", valid: uuid }),
  })),
  {
    name: "POST /api/learning/courses/:courseId/lessons/:lessonId/complete",
    method: "POST",
    path: `/api/learning/courses/${uuid}/lessons/${uuid}/complete`,
    route: "POST /learning/courses/:courseId/lessons/:lessonId/complete",
    shape: () => json(`/api/learning/courses/${uuid}/lessons/${uuid}/complete`, {}),
  },
  {
    name: "PUT /api/learning/courses/:courseId/lessons/:lessonId/note",
    method: "PUT",
    path: `/api/learning/courses/${uuid}/lessons/${uuid}/note`,
    route: "PUT /learning/courses/:courseId/lessons/:lessonId/note",
    shape: () => json(`/api/learning/courses/${uuid}/lessons/${uuid}/note`, { body: "A note" }),
  },
  // Issue 36 booking (decision 076): a type's slots, a booking, its changes and its file.
  {
    name: "GET /api/appointments/types/:typeId/slots",
    method: "GET",
    path: `/api/appointments/types/${uuid}/slots`,
    route: "GET /appointments/types/:typeId/slots",
    shape: () => query({ from: "2027-03-01T00:00:00Z", to: "2027-03-08T00:00:00Z" }),
  },
  {
    name: "POST /api/appointments/bookings",
    method: "POST",
    path: "/api/appointments/bookings",
    route: "POST /appointments/bookings",
    shape: () =>
      json("/api/appointments/bookings", {
        typeId: uuid,
        start: "2027-03-02T14:00:00Z",
        bookerZone: "Europe/Berlin",
      }),
  },
  {
    name: "POST /api/appointments/bookings/:bookingId/cancel",
    method: "POST",
    path: `/api/appointments/bookings/${uuid}/cancel`,
    route: "POST /appointments/bookings/:bookingId/cancel",
    shape: () => json(`/api/appointments/bookings/${uuid}/cancel`, {}),
  },
  {
    name: "POST /api/appointments/bookings/:bookingId/reschedule",
    method: "POST",
    path: `/api/appointments/bookings/${uuid}/reschedule`,
    route: "POST /appointments/bookings/:bookingId/reschedule",
    shape: () =>
      json(`/api/appointments/bookings/${uuid}/reschedule`, { start: "2027-03-02T14:00:00Z" }),
  },
  {
    name: "GET /api/appointments/bookings/:bookingId/invite.ics (path)",
    method: "GET",
    path: "/api/appointments/bookings/:bookingId/invite.ics",
    route: "GET /appointments/bookings/:bookingId/invite.ics",
    shape: () => ({ kind: "path", valid: uuid }),
  },
  // Commerce (issue 16): products and memberships, managers' JSON and the access question.
  ...productEndpoints(),
  // Commerce (issue 16): coupons — the check anyone makes, the manager's list and editor.
  post("/coupons/check", () => ({ name: "SPRING20" })),
  get("/coupons"),
  post("/coupons", () => ({ name: "FUZZ10", discountType: "percentage", amount: 10 })),
  {
    name: "PATCH /api/coupons/:id",
    method: "PATCH",
    path: `/api/coupons/${uuid}`,
    route: "PATCH /coupons/:id",
    shape: () => json(`/api/coupons/${uuid}`, { amount: 15, dateEnd: null }),
  },
  {
    name: "PATCH /api/coupons/:id (path)",
    method: "PATCH",
    path: "/api/coupons/:id",
    route: "PATCH /coupons/:id",
    shape: () => ({ kind: "path", valid: uuid }),
  },
  {
    name: "DELETE /api/coupons/:id",
    method: "DELETE",
    path: "/api/coupons/:id",
    route: "DELETE /coupons/:id",
    shape: () => ({ kind: "path", valid: uuid }),
  },
  // Commerce (issue 16): payments — the managers' provider settings, the providers' webhooks.
  get("/payments/providers"),
  {
    name: "PUT /api/payments/providers",
    method: "PUT",
    path: "/api/payments/providers",
    route: "PUT /payments/providers",
    shape: () =>
      json("/api/payments/providers", {
        provider: "offline",
        enabled: false,
        publicKey: "",
        secretKey: "",
        webhookSecret: "",
        instructions: "Bank transfer to IBAN DE00 1234",
      }),
  },
  post("/payments/webhooks/stripe", () => ({ id: "evt_1", type: "checkout.session.completed" }), {
    route: "POST /payments/webhooks/:provider",
  }),
  {
    name: "POST /api/payments/webhooks/:provider (path)",
    method: "POST",
    path: "/api/payments/webhooks/:provider",
    route: "POST /payments/webhooks/:provider",
    shape: () => ({ kind: "path", valid: "stripe" }),
  },
  // Commerce (issue 16): the checkout and the order commands (ids that need not exist).
  post("/checkout", () => ({
    lines: [{ id: uuid, quantity: 1 }],
    coupon: null,
    provider: "offline",
    checkoutKey: uuid,
  })),
  post("/checkout/quote", () => ({ lines: [{ id: uuid, quantity: 1 }], coupon: null })),
  post(`/checkout/${uuid}/return`, () => ({ payload: { token: "x" } }), {
    route: "POST /checkout/:id/return",
  }),
  {
    name: "POST /api/checkout/:id/return (path)",
    method: "POST",
    path: "/api/checkout/:id/return",
    route: "POST /checkout/:id/return",
    shape: () => ({ kind: "path", valid: uuid }),
  },
  get(`/orders/${uuid}`, () => ({}), { route: "GET /orders/:id" }),
  {
    name: "GET /api/orders/:id (path)",
    method: "GET",
    path: "/api/orders/:id",
    route: "GET /orders/:id",
    shape: () => ({ kind: "path", valid: uuid }),
  },
  ...(["confirm", "cancel"] as const).map((command) =>
    post(`/orders/${uuid}/${command}`, () => ({}), { route: `POST /orders/:id/${command}` }),
  ),
  // A refund of part of an order: its amount in minor units (none: all that is left).
  post(`/orders/${uuid}/refund`, () => ({ amount: 100 }), { route: "POST /orders/:id/refund" }),
  post("/orders", () => ({ userEmail: "student@example.test", productIds: [uuid] })),
  post(`/subscriptions/${uuid}/billing-page`, () => ({}), {
    route: "POST /subscriptions/:id/billing-page",
  }),
  {
    name: "GET /api/downloads/:mediaId (path)",
    method: "GET",
    path: "/api/downloads/:mediaId",
    route: "GET /downloads/:mediaId",
    shape: () => ({ kind: "path", valid: uuid }),
  },
  {
    name: "PUT /api/account/branding",
    method: "PUT",
    path: "/api/account/branding",
    route: "PUT /account/branding",
    shape: () =>
      json("/api/account/branding", { logo: "/files/x/logo.webp", dark_logo: null, logo_width: 4 }),
  },
  {
    name: "POST /api/account/branding/logo",
    method: "POST",
    path: "/api/account/branding/logo",
    route: "POST /account/branding/logo",
    shape: () => ({
      kind: "multipart",
      valid: { variant: "light" },
      fileField: "file",
      limit: bodyLimitFor("/api/account/branding/logo"),
    }),
  },
  // M2 the media library (features/media/api.server.ts): the upload streams, its fields are few.
  {
    name: "POST /api/media/upload",
    method: "POST",
    path: "/api/media/upload",
    route: "POST /media/upload",
    shape: () => ({
      kind: "multipart",
      valid: { folder: "events/2026" },
      fileField: "file",
      limit: bodyLimitFor("/api/media/upload"),
    }),
    managerEvery: 40,
  },
  get("/media", () => ({ scope: "all", kind: "image", folder: "events", q: "photo" })),
  {
    name: "PUT /api/media/:id",
    method: "PUT",
    path: `/api/media/${uuid}`,
    route: "PUT /media/:id",
    shape: () => json(`/api/media/${uuid}`, { alt: "A photo", folder: "events" }),
  },
  {
    name: "PUT /api/media/:id (path)",
    method: "PUT",
    path: "/api/media/:id",
    route: "PUT /media/:id",
    shape: () => ({ kind: "path", valid: uuid }),
  },
  get(`/media/${uuid}/usage`, () => ({}), { route: "GET /media/:id/usage" }),
  post(`/media/${uuid}/delete`, () => ({ force: false }), { route: "POST /media/:id/delete" }),
  post("/account/defaults", (w) => ({ account_id: w.accountId, type: "bunny" })),
  {
    name: "PUT /api/account/bunny",
    method: "PUT",
    path: "/api/account/bunny",
    route: "PUT /account/bunny",
    shape: () =>
      json("/api/account/bunny", { library_id: "4242", api_key: "stream-key-1234", cdn_host: "" }),
  },
  post(
    "/platform/sign-up",
    () => ({
      siteName: "Fuzz",
      slug: "fuzz-site",
      name: "Owner",
      email: "fuzz-owner@example.test",
      password: "Fuzz-Harbour-Quartz-88",
      plan: "starter",
      language: "en",
    }),
    { platform: true },
  ),
  get("/platform/slug-check", () => ({ slug: "fuzz-site" }), { platform: true }),
  post("/funnel/start", (w) => ({
    utm_source: "news",
    utm_medium: "mail",
    utm_campaign: "spring",
    initial_page: "/blog",
    account_id: w.accountId,
    deviceInfo,
  })),
  post("/analytics/collect", (w) => ({
    name: "page_view",
    tenant_id: w.accountId,
    session_id: null,
    path: "/blog",
    referrer: "https://example.test/",
    device_type: "desktop",
  })),
  {
    ...post("/analytics/collect", (w) => ({
      name: "add_to_cart",
      tenant_id: w.accountId,
      path: "/course/x",
      currency: "usd",
      value: 10,
      items: [{ item_id: "c1", item_name: "Course", price: 10, quantity: 1 }],
    })),
    name: "POST /api/analytics/collect (add_to_cart)",
  },
  {
    ...post("/analytics/collect", (w) => ({
      name: "purchase",
      tenant_id: w.accountId,
      path: "/thankyou",
      transaction_id: uuid,
      currency: "usd",
      value: 10,
      items: [{ item_id: "c1", item_name: "Course", price: 10, quantity: 1 }],
    })),
    name: "POST /api/analytics/collect (purchase)",
  },
  get("/analytics/summary", () => ({ from: "2026-01-01", to: "2026-01-31" })),
  post("/log", (w) => ({
    message: "TypeError: x is undefined",
    account_id: w.accountId,
    kind: "error",
    path: "/",
  })),
];

/** better-auth's endpoints, as its router serves them under /api/auth (GET and POST pass through). */
function auth(
  method: "GET" | "POST",
  authPath: string,
  valid: (w: FuzzWorld) => Record<string, unknown> = () => ({}),
  concrete = authPath,
): FuzzEndpoint {
  const full = `/api/auth${concrete}`;
  return {
    name: `${method} ${full}`,
    method,
    path: full,
    authPath,
    shape: (w) =>
      method === "GET" ? query(valid(w) as Record<string, string>) : json(full, valid(w)),
  };
}
const phone = "+15550002222";
const strong = "Fuzz-Harbour-Quartz-99";

const authEndpoints: FuzzEndpoint[] = [
  auth("POST", "/sign-in/email", () => ({
    email: "nobody@example.test",
    password: "wrong-password",
    rememberMe: true,
    callbackURL: "/",
  })),
  auth("POST", "/sign-in/phone-number", () => ({
    phoneNumber: phone,
    password: "wrong-password",
    rememberMe: true,
  })),
  auth("POST", "/sign-in/social", () => ({
    provider: "github",
    callbackURL: "/",
    disableRedirect: true,
  })),
  auth("GET", "/callback/:id", () => ({ code: "abc", state: "xyz" }), "/callback/github"),
  auth("GET", "/get-session", () => ({ disableCookieCache: "true", disableRefresh: "true" })),
  { ...auth("POST", "/get-session", () => ({})), name: "POST /api/auth/get-session" },
  auth("POST", "/sign-out"),
  auth("POST", "/sign-up/email", () => ({ name: "x", email: "x@example.test", password: strong })),
  auth("POST", "/reset-password", () => ({ newPassword: strong, token: "not-a-token" })),
  auth("POST", "/verify-password", (w) => ({ password: w.password })),
  auth("GET", "/verify-email", () => ({ token: "not-a-token", callbackURL: "/" })),
  auth("POST", "/send-verification-email", () => ({
    email: "nobody@example.test",
    callbackURL: "/",
  })),
  auth("POST", "/change-email", () => ({ newEmail: "changed@example.test", callbackURL: "/" })),
  auth("POST", "/change-password", (w) => ({
    newPassword: strong,
    currentPassword: w.password,
    revokeOtherSessions: false,
  })),
  auth("POST", "/update-session"),
  auth("POST", "/update-user", () => ({ name: "Fuzzed", image: "/files/x.png" })),
  auth("POST", "/delete-user", (w) => ({ password: w.password, callbackURL: "/" })),
  auth("POST", "/request-password-reset", () => ({
    email: "nobody@example.test",
    redirectTo: "/login/reset-password",
  })),
  auth(
    "GET",
    "/reset-password/:token",
    () => ({ callbackURL: "/login/reset-password" }),
    "/reset-password/not-a-token",
  ),
  auth("GET", "/list-sessions"),
  auth("POST", "/revoke-session", () => ({ token: "not-a-token" })),
  auth("POST", "/revoke-sessions"),
  auth("POST", "/revoke-other-sessions"),
  auth("POST", "/link-social", () => ({ provider: "github", callbackURL: "/" })),
  auth("GET", "/list-accounts"),
  auth("GET", "/delete-user/callback", () => ({ token: "not-a-token", callbackURL: "/" })),
  auth("POST", "/unlink-account", () => ({ providerId: "github", accountId: "x" })),
  auth("POST", "/refresh-token", () => ({ providerId: "github", accountId: "x" })),
  auth("POST", "/get-access-token", () => ({ providerId: "github", accountId: "x" })),
  auth("GET", "/account-info", () => ({ accountId: "x" })),
  auth("POST", "/phone-number/send-otp", () => ({ phoneNumber: phone })),
  auth("POST", "/phone-number/verify", () => ({
    phoneNumber: phone,
    code: "123456",
    disableSession: false,
    updatePhoneNumber: true,
  })),
  auth("POST", "/phone-number/request-password-reset", () => ({ phoneNumber: phone })),
  auth("POST", "/phone-number/reset-password", () => ({
    otp: "123456",
    phoneNumber: phone,
    newPassword: strong,
  })),
  auth("POST", "/two-factor/get-totp-uri", (w) => ({ password: w.password })),
  auth("POST", "/two-factor/verify-totp", () => ({ code: "123456", trustDevice: false })),
  auth("POST", "/two-factor/send-otp", () => ({ trustDevice: false })),
  auth("POST", "/two-factor/verify-otp", () => ({ code: "123456", trustDevice: false })),
  auth("POST", "/two-factor/verify-backup-code", () => ({
    code: "abcde-fghij",
    disableSession: false,
    trustDevice: false,
  })),
  auth("POST", "/two-factor/generate-backup-codes", (w) => ({ password: w.password })),
  auth("POST", "/two-factor/enable", (w) => ({ password: w.password, issuer: "Fuzz" })),
  auth("POST", "/two-factor/disable", (w) => ({ password: w.password })),
  auth("GET", "/ok"),
  auth("GET", "/error", () => ({ error: "state_mismatch" })),
];

const settingsAction = (
  screen: string,
  file: string,
  valid: Record<string, unknown>,
): FuzzEndpoint => ({
  name: `POST /dashboard/manage/site/${screen}`,
  method: "POST",
  path: `/dashboard/manage/site/${screen}`,
  routeFile: file,
  shape: () => json(`/dashboard/manage/site/${screen}`, valid),
});
const page = (pagePath: string, file: string, valid: Record<string, string>): FuzzEndpoint => ({
  name: `GET ${pagePath}`,
  method: "GET",
  path: pagePath,
  routeFile: file,
  shape: () => query(valid),
});
const segment = (pagePath: string, file: string, valid: string): FuzzEndpoint => ({
  name: `GET ${pagePath}`,
  method: "GET",
  path: pagePath,
  routeFile: file,
  shape: () => ({ kind: "path", valid }),
});

/** React Router actions and the loaders that read a query or a path parameter. */
const pageEndpoints: FuzzEndpoint[] = [
  // Issue 17 scope 8: the crons screen's commands (super-admins; everyone else is refused).
  {
    name: "POST /dashboard/maintenance/crons",
    method: "POST",
    path: "/dashboard/maintenance/crons",
    routeFile: "routes/dashboard/crons.tsx",
    shape: () => json("/dashboard/maintenance/crons", { intent: "retry", jobId: uuid }),
  },
  // Issue 17 scopes 3–4: the owner's app settings and custom domain, and the add-ons (JSON
  // actions), and the web app's icons (a path parameter).
  {
    name: "POST /dashboard/app",
    method: "POST",
    path: "/dashboard/app",
    routeFile: "routes/dashboard/site-app.tsx",
    shape: () =>
      json("/dashboard/app", {
        intent: "settings",
        value: {
          sitetitle: "Fuzz",
          defaultLanguage: "en",
          currency: "USD",
          timezone: "UTC",
          features: ["lms"],
          icon: null,
        },
      }),
  },
  {
    name: "POST /dashboard/app (a domain claim)",
    method: "POST",
    path: "/dashboard/app",
    routeFile: "routes/dashboard/site-app.tsx",
    shape: () => json("/dashboard/app", { intent: "domain.claim", domain: "fuzz.example" }),
  },
  {
    name: "POST /dashboard/addons",
    method: "POST",
    path: "/dashboard/addons",
    routeFile: "routes/dashboard/site-addons.tsx",
    shape: () => json("/dashboard/addons", { addon: "certificates", enabled: true }),
  },
  // Issue 37: the owner's export (one waits or runs at a time: asking again answers it).
  {
    name: "POST /dashboard/export",
    method: "POST",
    path: "/dashboard/export",
    routeFile: "routes/dashboard/site-export.tsx",
    shape: () => json("/dashboard/export", { intent: "export" }),
  },
  // Issue 37: the owner's API keys (decision 086): one made per request, so a fresh manager often.
  {
    name: "POST /dashboard/manage/site/api-keys",
    method: "POST",
    path: "/dashboard/manage/site/api-keys",
    routeFile: "routes/dashboard/site-api-keys.tsx",
    managerEvery: 20,
    shape: () =>
      json("/dashboard/manage/site/api-keys", {
        intent: "create",
        name: "Fuzz",
        scopes: ["products:read"],
        expiresInDays: 30,
      }),
  },
  {
    // Issue 37: a site's webhooks (decision 085); switching an unknown endpoint sends nothing.
    name: "POST /dashboard/manage/site/webhooks",
    method: "POST",
    path: "/dashboard/manage/site/webhooks",
    routeFile: "routes/dashboard/site-webhooks.tsx",
    managerEvery: 20,
    shape: () =>
      json("/dashboard/manage/site/webhooks", { intent: "setEnabled", id: uuid, enabled: false }),
  },
  {
    name: "GET /manifest.webmanifest",
    method: "GET",
    path: "/manifest.webmanifest",
    shape: () => query({ lang: "en" }),
  },
  {
    name: "GET /app-icons/:file (path)",
    method: "GET",
    path: "/app-icons/:file",
    shape: () => ({ kind: "path", valid: "192.png" }),
  },
  // Issue 16: a product's public page.
  segment("/product/:slug", "routes/site/product.tsx", "design-foundations"),
  // Issue 16: the products list and editor, membership levels (managers' JSON actions).
  page("/dashboard/manage/ecommerce", "routes/dashboard/ecommerce.tsx", {
    tab: "products",
    q: "course",
    status: "draft",
    page: "2",
  }),
  {
    name: "POST /dashboard/manage/ecommerce",
    method: "POST",
    path: "/dashboard/manage/ecommerce",
    routeFile: "routes/dashboard/ecommerce.tsx",
    shape: () =>
      json("/dashboard/manage/ecommerce", {
        intent: "create",
        product: { title: "Fuzz", kind: "course" },
      }),
  },
  segment(
    "/dashboard/manage/ecommerce/product/:id",
    "routes/dashboard/ecommerce-product.tsx",
    uuid,
  ),
  {
    name: "POST /dashboard/manage/ecommerce/product/new",
    method: "POST",
    path: "/dashboard/manage/ecommerce/product/new",
    routeFile: "routes/dashboard/ecommerce-product.tsx",
    shape: () =>
      json("/dashboard/manage/ecommerce/product/new", {
        intent: "save",
        id: null,
        product: {
          title: "Fuzz",
          slug: "fuzz",
          description: "",
          image: null,
          kind: "course",
          status: "draft",
          visibility: "public",
          prices: [],
          grants: [],
        },
      }),
  },
  page("/dashboard/manage/ecommerce/memberships", "routes/dashboard/ecommerce-memberships.tsx", {
    members: uuid,
    q: "sam",
  }),
  {
    name: "POST /dashboard/manage/ecommerce/memberships",
    method: "POST",
    path: "/dashboard/manage/ecommerce/memberships",
    routeFile: "routes/dashboard/ecommerce-memberships.tsx",
    shape: () =>
      json("/dashboard/manage/ecommerce/memberships", {
        intent: "saveLevel",
        id: null,
        level: {
          name: "Fuzz",
          slug: "fuzz",
          description: "",
          durationDays: null,
          status: "active",
          position: 0,
          rules: [{ resource: "post_tag", tag: "premium" }],
        },
      }),
  },
  // Learning (issue 15): the player, the member's courses, a course's students and its commands.
  segment("/course/photography/learn/:lessonId", "routes/site/course-learn.tsx", uuid),
  page("/dashboard/courses", "routes/dashboard/my-courses.tsx", { tab: "children" }),
  page(`/dashboard/course/${uuid}/students`, "routes/dashboard/course-students.tsx", {
    q: "sam",
    page: "2",
  }),
  {
    name: "POST /dashboard/course/:id/students",
    method: "POST",
    path: `/dashboard/course/${uuid}/students`,
    routeFile: "routes/dashboard/course-students.tsx",
    shape: () =>
      json(`/dashboard/course/${uuid}/students`, {
        intent: "enrol",
        emails: "student@example.test",
        expiresAt: "2030-01-01",
      }),
  },
  {
    name: "POST /dashboard/profile",
    method: "POST",
    path: "/dashboard/profile",
    routeFile: "routes/dashboard/profile.tsx",
    shape: () => ({
      kind: "form",
      valid: { intent: "revokeSession", sessionId: "not-a-session" },
      limit: bodyLimitFor("/dashboard/profile"),
    }),
  },
  {
    name: "POST /dashboard/profile.data",
    method: "POST",
    path: "/dashboard/profile.data",
    routeFile: "routes/dashboard/profile.tsx",
    shape: () => ({
      kind: "form",
      valid: { intent: "revokeOthers" },
      limit: bodyLimitFor("/dashboard/profile.data"),
    }),
  },
  settingsAction("theme", "routes/dashboard/site-theme.tsx", {
    part: "theme",
    value: optionValues.theme,
  }),
  settingsAction("header", "routes/dashboard/site-header.tsx", {
    part: "header",
    value: { header_style: "solid", header_fix: true, header_fontsize: 16 },
  }),
  settingsAction("footer", "routes/dashboard/site-footer.tsx", {
    part: "footer",
    value: {
      footer_style: "columns",
      footer_columns: [],
      footer_bottom: "©",
      footer_bottom_links: [{ label: "Home", url: "/" }],
    },
  }),
  {
    ...settingsAction("footer", "routes/dashboard/site-footer.tsx", {
      part: "scripts",
      value: "console.log(1)",
    }),
    name: "POST /dashboard/manage/site/footer.data (scripts)",
    path: "/dashboard/manage/site/footer.data",
  },
  {
    name: "POST /dashboard/manage/site (member menu)",
    method: "POST",
    path: "/dashboard/manage/site",
    routeFile: "routes/dashboard/site-index.tsx",
    shape: () => json("/dashboard/manage/site", { part: "memberMenu", value: ["dashboard"] }),
  },
  {
    name: "POST /dashboard/post",
    method: "POST",
    path: "/dashboard/post",
    routeFile: "routes/dashboard/post.tsx",
    shape: () =>
      json("/dashboard/post", {
        intent: "save",
        version: 0,
        post: {
          title: "Fuzzed post",
          slug: "",
          excerpt: "",
          content: "<p>Hello</p>",
          featured: "",
          categories: [],
          tags: [],
          seoTitle: "",
          seoDescription: "",
          seoImage: "",
        },
      }),
  },
  {
    name: "POST /dashboard/posts",
    method: "POST",
    path: "/dashboard/posts",
    routeFile: "routes/dashboard/posts.tsx",
    shape: () =>
      json("/dashboard/posts", { id: "00000000-0000-4000-8000-000000000000", intent: "trash" }),
  },
  {
    name: "POST /blog/:slug.data (comment)",
    method: "POST",
    path: "/blog/hello.data",
    routeFile: "routes/site/blog-post.tsx",
    shape: () => ({
      kind: "form",
      valid: { intent: "comment", body: "A fuzzed comment", parentId: "" },
      limit: bodyLimitFor("/blog/hello.data"),
    }),
  },
  {
    name: "POST /dashboard/posts/comments",
    method: "POST",
    path: "/dashboard/posts/comments",
    routeFile: "routes/dashboard/post-comments.tsx",
    shape: () =>
      json("/dashboard/posts/comments", {
        intent: "approve",
        commentId: "00000000-0000-4000-8000-000000000000",
      }),
  },
  page("/dashboard/posts/comments", "routes/dashboard/post-comments.tsx", { status: "spam" }),
  segment("/blog/category/:slug", "routes/site/blog-archive.tsx", "news"),
  page("/blog/tag/news", "routes/site/blog-archive.tsx", { page: "2" }),
  {
    name: "POST /dashboard/pages/new",
    method: "POST",
    path: "/dashboard/pages/new",
    routeFile: "routes/dashboard/page.tsx",
    shape: () =>
      json("/dashboard/pages/new", {
        intent: "save",
        version: 0,
        page: {
          title: "Fuzzed page",
          slug: "",
          kind: "page",
          description: "",
          data: {
            root: { props: {} },
            content: [
              { type: "Hero", props: { id: "h", title: "Hi", ctaHref: "/x" } },
              { type: "RichText", props: { id: "r", html: "<p>Hello</p>" } },
            ],
          },
          seoTitle: "",
          seoDescription: "",
          seoImage: "",
        },
      }),
  },
  {
    name: "POST /dashboard/pages",
    method: "POST",
    path: "/dashboard/pages",
    routeFile: "routes/dashboard/pages.tsx",
    shape: () =>
      json("/dashboard/pages", {
        intent: "reorderDocs",
        docs: [{ id: "00000000-0000-4000-8000-000000000000", parentId: null, position: 0 }],
      }),
  },
  // M1 the course builder, the instructor's list, a new course, categories (issue 15).
  page("/dashboard/instructor", "routes/dashboard/instructor.tsx", { q: "x", status: "draft" }),
  {
    name: "POST /dashboard/instructor",
    method: "POST",
    path: "/dashboard/instructor",
    routeFile: "routes/dashboard/instructor.tsx",
    shape: () => json("/dashboard/instructor", { intent: "duplicate", id: uuid }),
  },
  {
    name: "POST /dashboard/instructor/new",
    method: "POST",
    path: "/dashboard/instructor/new",
    routeFile: "routes/dashboard/instructor-new.tsx",
    shape: () => json("/dashboard/instructor/new", { title: "Fuzzed course" }),
  },
  segment("/dashboard/course/:id", "routes/dashboard/course.tsx", uuid),
  {
    name: "POST /dashboard/course/{id}",
    method: "POST",
    path: `/dashboard/course/${uuid}`,
    routeFile: "routes/dashboard/course.tsx",
    shape: () =>
      json(`/dashboard/course/${uuid}`, {
        intent: "save",
        version: 1,
        course: {
          title: "Fuzzed",
          slug: "fuzzed",
          subtitle: "",
          description: "<p>x</p>",
          featuredImage: {},
          categoryId: null,
          level: "all",
          language: null,
          price: 0,
          status: "draft",
          durationMinutes: null,
          prerequisiteIds: [],
          instructorIds: [],
          settings: {},
        },
        curriculum: [
          {
            title: "S",
            lessons: [
              {
                title: "L",
                type: "text",
                content: { html: "<p>x</p>" },
                freePreview: false,
                drip: { kind: "none" },
                durationMinutes: null,
              },
            ],
          },
        ],
      }),
  },
  {
    name: "POST /dashboard/manage/elearning/caetgory",
    method: "POST",
    path: "/dashboard/manage/elearning/caetgory",
    routeFile: "routes/dashboard/elearning-categories.tsx",
    shape: () =>
      json("/dashboard/manage/elearning/caetgory", {
        intent: "saveCategory",
        category: { name: "Fuzz", slug: "fuzz", description: "", position: 0 },
      }),
  },
  page("/course", "routes/site/courses.tsx", { category: "design" }),
  page("/dashboard/pages", "routes/dashboard/pages.tsx", { kind: "doc", status: "draft", q: "x" }),
  // The platform's docs (decision 029): the same actions at /dashboard/docs, super-admins only
  // (the fuzzing manager is refused, never with a 500).
  {
    name: "POST /dashboard/docs/new",
    method: "POST",
    path: "/dashboard/docs/new",
    routeFile: "routes/dashboard/page.tsx",
    shape: () =>
      json("/dashboard/docs/new", {
        intent: "save",
        version: 0,
        page: {
          title: "Fuzzed platform doc",
          slug: "",
          kind: "doc",
          description: "",
          data: {
            root: { props: {} },
            content: [{ type: "Text", props: { id: "t", text: "Hi" } }],
          },
          seoTitle: "",
          seoDescription: "",
          seoImage: "",
        },
      }),
  },
  {
    name: "POST /dashboard/docs",
    method: "POST",
    path: "/dashboard/docs",
    routeFile: "routes/dashboard/pages.tsx",
    shape: () =>
      json("/dashboard/docs", { id: "00000000-0000-4000-8000-000000000000", intent: "trash" }),
  },
  page("/dashboard/docs", "routes/dashboard/pages.tsx", { status: "draft", q: "x" }),
  segment("/dashboard/docs/:ref", "routes/dashboard/page.tsx", "new"),
  {
    ...segment("/docs/:slug", "routes/site/doc.tsx", "getting-started"),
    platform: true,
    name: "GET /docs/:slug (the platform's docs)",
  },
  page("/login", "routes/auth/login.tsx", { redirectedFrom: "/dashboard" }),
  page("/login/reset-password", "routes/auth/reset-password.tsx", { token: "not-a-token" }),
  page("/signup", "routes/auth/signup.tsx", { redirectedFrom: "/dashboard" }),
  page("/blog", "routes/site/blog.tsx", { page: "1" }),
  page("/", "routes/home.tsx", { utm_source: "news", page: "2" }),
  page("/dashboard/profile.data", "routes/dashboard/profile.tsx", {
    _routes: "routes/dashboard/profile",
  }),
  page("/dashboard/manage/site/theme.data", "routes/dashboard/site-theme.tsx", {
    _routes: "routes/dashboard/site-theme",
  }),
  page("/dashboard/notifications", "routes/dashboard/notifications.tsx", { type: "chat" }),
  segment("/blog/:slug", "routes/site/blog-post.tsx", "hello"),
  segment("/docs/:slug", "routes/site/doc.tsx", "intro"),
  segment("/:pageSlug", "routes/site/page.tsx", "about"),
  // Issue 15 scope 5: a course's gradebook (its query and its course id), CSV and stats.
  page(
    "/dashboard/course/6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c/gradebook",
    "routes/dashboard/course-gradebook.tsx",
    {
      q: "ana",
      sort: "progress",
      dir: "desc",
      page: "2",
    },
  ),
  segment("/dashboard/course/:id/gradebook", "routes/dashboard/course-gradebook.tsx", uuid),
  segment("/dashboard/course/:id/gradebook.csv", "routes/dashboard/course-gradebook-csv.ts", uuid),
  page(
    "/dashboard/course/6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c/stats",
    "routes/dashboard/course-stats.tsx",
    {
      period: "90d",
    },
  ),
  // Issue 15 scope 6: certificates — the public verification, the template's save, the PDF.
  segment("/certificates/:code", "routes/site/certificate.tsx", "ABCD-EFGH-JKLM-NPQR"),
  // Issue 35: a member's public profile (decision 071).
  segment("/members/:slug", "routes/site/member.tsx", "sam-solder"),
  {
    name: "POST /dashboard/manage/elearning/certificates",
    method: "POST",
    path: "/dashboard/manage/elearning/certificates",
    routeFile: "routes/dashboard/certificate-template.tsx",
    shape: () =>
      json("/dashboard/manage/elearning/certificates", {
        part: "certificateTemplate",
        value: { title: "Certificate", accent: "#1c7ed6", signatureName: "Theo" },
      }),
  },
  {
    ...segment("/api/certificates/:code/pdf", "", "ABCD-EFGH-JKLM-NPQR"),
    routeFile: undefined,
    route: "GET /certificates/:code/pdf",
  },
  // M8 the platform console: the accounts list and drawer, its action, owners, the audit log.
  page("/dashboard/accounts", "routes/dashboard/console-accounts.tsx", {
    q: "demo",
    status: "suspended",
    sort: "newest",
    page: "2",
  }),
  {
    ...page("/dashboard/accounts", "routes/dashboard/console-accounts.tsx", { account: uuid }),
    name: "GET /dashboard/accounts (an account's drawer)",
  },
  {
    name: "POST /dashboard/accounts",
    method: "POST",
    path: "/dashboard/accounts",
    routeFile: "routes/dashboard/console-accounts.tsx",
    shape: () =>
      json("/dashboard/accounts", { intent: "features", accountId: uuid, features: ["lms"] }),
  },
  page("/dashboard/accounts/owners", "routes/dashboard/console-owners.tsx", {
    q: "owner",
    page: "2",
  }),
  page("/dashboard/accounts/audit", "routes/dashboard/console-audit.tsx", {
    site: "demo",
    page: "3",
  }),
  // Issue 17 C7: the owner's plan purchase, and the console's view of the platform's shop
  // (super-admins; the fuzzing owner is refused, which must still be a clean answer).
  {
    name: "POST /dashboard/billing",
    method: "POST",
    path: "/dashboard/billing",
    routeFile: "routes/dashboard/billing.tsx",
    shape: () =>
      json("/dashboard/billing", {
        planId: "professional",
        interval: "monthly",
        provider: "stripe",
        checkoutKey: "fuzz-checkout-0001",
      }),
  },
  {
    name: "POST /dashboard/billing (Razorpay's answer for a plan order)",
    method: "POST",
    path: "/dashboard/billing",
    routeFile: "routes/dashboard/billing.tsx",
    shape: () =>
      json("/dashboard/billing", {
        intent: "paymentReturn",
        orderId: uuid,
        payload: {
          razorpay_payment_id: "pay_fuzz0001",
          razorpay_subscription_id: "sub_fuzz0001",
          razorpay_signature: "0".repeat(64),
        },
      }),
  },
  {
    name: "POST /dashboard/billing (a bank transfer withdrawn)",
    method: "POST",
    path: "/dashboard/billing",
    routeFile: "routes/dashboard/billing.tsx",
    shape: () => json("/dashboard/billing", { intent: "withdrawTransfer", orderId: uuid }),
  },
  {
    name: "POST /dashboard/billing (Keep my current plan)",
    method: "POST",
    path: "/dashboard/billing",
    routeFile: "routes/dashboard/billing.tsx",
    shape: () => json("/dashboard/billing", { intent: "keepPlan", checkoutKey: "fuzz-keep-plan" }),
  },
  ...(["customers", "subscriptions", "orders"] as const).map((tab) => ({
    ...page(`/dashboard/billing/${tab}`, "routes/dashboard/billing-shop.tsx", {
      q: "owner",
      status: "paid",
      page: "2",
    }),
  })),
  // Issue 17 scope 7: the console's orders as CSV, with the screen's search and filters.
  page("/dashboard/billing/orders.csv", "routes/dashboard/billing-orders-csv.ts", {
    q: "owner",
    status: "refunded",
    from: "2026-01-01",
  }),
  // Its customers and subscriptions likewise.
  page("/dashboard/billing/customers.csv", "routes/dashboard/billing-lists-csv.ts", { q: "owner" }),
  page("/dashboard/billing/subscriptions.csv", "routes/dashboard/billing-lists-csv.ts", {
    q: "owner",
    subscriptionStatus: "active",
  }),
  {
    name: "POST /dashboard/billing/subscriptions",
    method: "POST",
    path: "/dashboard/billing/subscriptions",
    routeFile: "routes/dashboard/billing-shop.tsx",
    shape: () =>
      json("/dashboard/billing/subscriptions", {
        intent: "cancelSubscription",
        subscriptionId: uuid,
      }),
  },
  // Issue 16 scope 6: /dashboard/orders (the shop's tabs, a drawer), its action, the CSV, the invoice.
  page("/dashboard/orders", "routes/dashboard/orders.tsx", {
    q: "ana",
    status: "paid",
    from: "2026-01-01",
    page: "2",
  }),
  {
    ...page("/dashboard/orders", "routes/dashboard/orders.tsx", {
      provider: "stripe",
      to: "2026-12-31",
      order: uuid,
    }),
    name: "GET /dashboard/orders (an order's drawer)",
  },
  {
    ...page("/dashboard/orders", "routes/dashboard/orders.tsx", {
      tab: "revenue",
      period: "90d",
      currency: "USD",
    }),
    name: "GET /dashboard/orders (revenue)",
  },
  {
    ...page("/dashboard/orders", "routes/dashboard/orders.tsx", {
      tab: "subscriptions",
      subscriptionStatus: "active",
      q: "gold",
    }),
    name: "GET /dashboard/orders (subscriptions)",
  },
  {
    name: "POST /dashboard/orders",
    method: "POST",
    path: "/dashboard/orders",
    routeFile: "routes/dashboard/orders.tsx",
    shape: () => json("/dashboard/orders", { intent: "cancelSubscription", subscriptionId: uuid }),
  },
  // M5: the marketing screen's notices (the footer screen's editor, saved from here too).
  {
    name: "POST /dashboard/manage/marketing",
    method: "POST",
    path: "/dashboard/manage/marketing",
    routeFile: "routes/dashboard/marketing.tsx",
    shape: () =>
      json("/dashboard/manage/marketing", {
        part: "notices",
        value: headerNoticesSchema.parse(undefined),
      }),
  },
  // M5: the contacts screen (its filters and a contact opened over it), its commands and CSV.
  page("/dashboard/manage/marketing/emails", "routes/dashboard/marketing-emails.tsx", {
    q: "ada",
    status: "subscribed",
    segment: uuid,
    contact: uuid,
  }),
  {
    name: "POST /dashboard/manage/marketing/emails",
    method: "POST",
    path: "/dashboard/manage/marketing/emails",
    routeFile: "routes/dashboard/marketing-emails.tsx",
    shape: () =>
      json("/dashboard/manage/marketing/emails", {
        intent: "saveContact",
        id: null,
        contact: { email: "fuzz@example.com", name: "Fuzz", status: "unsubscribed", tags: ["x"] },
      }),
  },
  {
    name: "POST /dashboard/manage/marketing/emails (import preview)",
    method: "POST",
    path: "/dashboard/manage/marketing/emails",
    routeFile: "routes/dashboard/marketing-emails.tsx",
    shape: () =>
      json("/dashboard/manage/marketing/emails", {
        intent: "previewImport",
        csv: "email,name\nfuzz@example.com,Fuzz\n",
        mapping: ["email", "name"],
      }),
  },
  // M5 (decision 057): the campaigns tab's sending settings, their save and their test (the test's
  // relay is a loopback address, which a site may not use here: refused before any connection).
  {
    ...page("/dashboard/manage/marketing/emails", "routes/dashboard/marketing-emails.tsx", {
      tab: "campaigns",
      sending: "settings",
    }),
    name: "GET /dashboard/manage/marketing/emails (the sending settings)",
  },
  {
    name: "POST /dashboard/manage/marketing/emails (sending settings)",
    method: "POST",
    path: "/dashboard/manage/marketing/emails",
    routeFile: "routes/dashboard/marketing-emails.tsx",
    shape: () =>
      json("/dashboard/manage/marketing/emails", {
        intent: "saveSender",
        settings: {
          senderName: "Fuzz",
          replyTo: "fuzz@example.com",
          relay: {
            enabled: true,
            host: "smtp.example.com",
            port: 587,
            security: "starttls",
            username: "fuzz",
            password: "fuzz-password",
          },
          dkim: { enabled: false, domain: "", selector: "", privateKey: "" },
        },
      }),
  },
  {
    name: "POST /dashboard/manage/marketing/emails (sending test)",
    method: "POST",
    path: "/dashboard/manage/marketing/emails",
    routeFile: "routes/dashboard/marketing-emails.tsx",
    shape: () =>
      json("/dashboard/manage/marketing/emails", {
        intent: "testSender",
        settings: { relay: { enabled: true, host: "127.0.0.1", port: 9, security: "none" } },
      }),
  },
  // M5: the forms screen (a form opened, its answers searched), its commands and the answers' CSV.
  page("/dashboard/manage/marketing/forms", "routes/dashboard/marketing-forms.tsx", {
    form: uuid,
    tab: "answers",
    q: "ada",
  }),
  {
    name: "POST /dashboard/manage/marketing/forms",
    method: "POST",
    path: "/dashboard/manage/marketing/forms",
    routeFile: "routes/dashboard/marketing-forms.tsx",
    shape: () =>
      json("/dashboard/manage/marketing/forms", {
        intent: "saveForm",
        id: null,
        form: {
          name: "Fuzz",
          slug: "fuzz",
          fields: [{ name: "email", type: "email", label: "E-mail", required: true }],
        },
      }),
  },
  page(
    "/dashboard/manage/marketing/forms/submissions.csv",
    "routes/dashboard/form-submissions-csv.ts",
    {
      form: uuid,
      q: "ada",
    },
  ),
  // M5: the popups screen (one opened), its save, and a visitor's page telling what one did.
  page("/dashboard/manage/marketing/popups", "routes/dashboard/marketing-popups.tsx", {
    popup: uuid,
  }),
  {
    name: "POST /dashboard/manage/marketing/popups",
    method: "POST",
    path: "/dashboard/manage/marketing/popups",
    routeFile: "routes/dashboard/marketing-popups.tsx",
    shape: () =>
      json("/dashboard/manage/marketing/popups", {
        intent: "savePopup",
        id: null,
        popup: {
          name: "Fuzz",
          title: "Hello",
          trigger: "delay",
          delaySeconds: 3,
          paths: ["/blog/*"],
        },
      }),
  },
  // M5 (issue 34): the automations screen (one opened, a contact's timeline) and its commands.
  page("/dashboard/manage/marketing/automations", "routes/dashboard/marketing-automations.tsx", {
    automation: uuid,
    contact: "ada@example.com",
  }),
  {
    name: "POST /dashboard/manage/marketing/automations",
    method: "POST",
    path: "/dashboard/manage/marketing/automations",
    routeFile: "routes/dashboard/marketing-automations.tsx",
    shape: () =>
      json("/dashboard/manage/marketing/automations", {
        intent: "save",
        id: null,
        automation: {
          name: "Fuzz",
          reentry: false,
          graph: {
            trigger: { type: "contact.tagged", tag: "vip" },
            steps: [
              { id: "tag1", type: "tag", tag: "seen" },
              { id: "wait1", type: "wait", amount: 2, unit: "days" },
              {
                id: "if1",
                type: "if",
                condition: { kind: "hasTag", tag: "vip" },
                within: 1,
                yes: [{ id: "hook1", type: "webhook", url: "https://hooks.example.com/x" }],
                no: [],
              },
            ],
          },
        },
      }),
  },
  // M5 (issue 34): the funnels screen (one opened with its report) and its commands.
  page("/dashboard/manage/marketing/funnels", "routes/dashboard/marketing-funnels.tsx", {
    funnel: uuid,
  }),
  {
    name: "POST /dashboard/manage/marketing/funnels",
    method: "POST",
    path: "/dashboard/manage/marketing/funnels",
    routeFile: "routes/dashboard/marketing-funnels.tsx",
    shape: () =>
      json("/dashboard/manage/marketing/funnels", { intent: "createFunnel", name: "Fuzz funnel" }),
  },
  // Issue 35: the groups screen, a group's page (one no site has: 404) and their commands.
  page("/dashboard/groups", "routes/dashboard/groups.tsx", {}),
  {
    name: "POST /dashboard/groups",
    method: "POST",
    path: "/dashboard/groups",
    routeFile: "routes/dashboard/groups.tsx",
    shape: () =>
      json("/dashboard/groups", {
        intent: "create",
        group: { name: "Fuzz group", slug: "fuzz-group", privacy: "public" },
      }),
  },
  page("/dashboard/groups/no-such-group", "routes/dashboard/group.tsx", { before: "" }),
  {
    name: "POST /dashboard/groups/no-such-group",
    method: "POST",
    path: "/dashboard/groups/no-such-group",
    routeFile: "routes/dashboard/group.tsx",
    shape: () =>
      json("/dashboard/groups/no-such-group", {
        intent: "post",
        groupId: uuid,
        body: "<p>Hello</p>",
      }),
  },
  // Issue 35: the owner's Members screen (its filters, invitations, CSV) and a member's page,
  // whose commands name a member no site has (404).
  page("/dashboard/manage/users", "routes/dashboard/manage-users.tsx", {
    q: "ann",
    role: "student",
    course: uuid,
    seen: "30d",
  }),
  {
    name: "POST /dashboard/manage/users",
    method: "POST",
    path: "/dashboard/manage/users",
    routeFile: "routes/dashboard/manage-users.tsx",
    shape: () =>
      json("/dashboard/manage/users", { intent: "invite", emails: ["fuzz@example.test"] }),
  },
  // Issue 36 the host's appointments setup: hours, a new type, a type opened or closed.
  page("/dashboard/manage/appointments", "routes/dashboard/manage-appointments.tsx", {}),
  {
    name: "POST /dashboard/manage/appointments",
    method: "POST",
    path: "/dashboard/manage/appointments",
    routeFile: "routes/dashboard/manage-appointments.tsx",
    shape: () =>
      json("/dashboard/manage/appointments", {
        intent: "createType",
        title: "Fuzzed session",
        slug: "fuzzed-session",
        durationMinutes: 30,
      }),
  },
  // Issue 36 (decision 076): a member's bookings; a host's sessions, hours and types.
  page("/dashboard/bookings", "routes/dashboard/bookings.tsx", {}),
  page("/dashboard/appointments", "routes/dashboard/appointments.tsx", { tab: "calendar" }),
  {
    name: "POST /dashboard/appointments",
    method: "POST",
    path: "/dashboard/appointments",
    routeFile: "routes/dashboard/appointments.tsx",
    shape: () =>
      json("/dashboard/appointments", { intent: "setTypeActive", typeId: uuid, active: false }),
  },
  segment("/book/:slug", "routes/site/book.tsx", "mentoring"),
  page("/book", "routes/site/book-index.tsx", {}),
  // Issue 36 meetings (decision 077): the rooms, a room opened, the server; a room's door.
  page("/dashboard/meetings", "routes/dashboard/meetings.tsx", { notice: "notOpen" }),
  {
    name: "POST /dashboard/meetings",
    method: "POST",
    path: "/dashboard/meetings",
    routeFile: "routes/dashboard/meetings.tsx",
    shape: () =>
      json("/dashboard/meetings", {
        intent: "settings",
        provider: "jitsi",
        domain: "meet.example.org",
        appId: "",
        keyId: "",
        secret: "",
      }),
  },
  page("/dashboard/meetings/join", "routes/dashboard/meetings-join.ts", { room: uuid }),
  page("/dashboard/manage/users.csv", "routes/dashboard/members-csv.ts", {
    q: "ann",
    group: uuid,
    seen: "never",
  }),
  page("/dashboard/manage/user", "routes/dashboard/manage-user.tsx", { id: "no-such-member" }),
  {
    name: "POST /dashboard/manage/user",
    method: "POST",
    path: "/dashboard/manage/user",
    routeFile: "routes/dashboard/manage-user.tsx",
    shape: () =>
      json("/dashboard/manage/user", {
        intent: "setRole",
        userId: "no-such-member",
        role: "student",
      }),
  },
  // Issue 35: messages (a conversation nobody has: none open), activity and the leaderboard.
  page("/dashboard/messages", "routes/dashboard/messages.tsx", {
    c: uuid,
    before: "",
    find: "ann",
    q: "hello",
  }),
  {
    name: "POST /dashboard/messages",
    method: "POST",
    path: "/dashboard/messages",
    routeFile: "routes/dashboard/messages.tsx",
    shape: () =>
      json("/dashboard/messages", { intent: "send", conversationId: uuid, body: "Hello" }),
  },
  page("/dashboard/activity", "routes/dashboard/activity.tsx", { who: "me", before: "" }),
  page("/dashboard/members/no-such-member", "routes/dashboard/member-profile.tsx", {}),
  page("/dashboard/leaderboard", "routes/dashboard/leaderboard.tsx", {
    period: "7d",
    group: "no-such-group",
  }),
  {
    name: "POST /dashboard/leaderboard",
    method: "POST",
    path: "/dashboard/leaderboard",
    routeFile: "routes/dashboard/leaderboard.tsx",
    shape: () =>
      json("/dashboard/leaderboard", { intent: "levels", levels: [{ name: "One", points: 0 }] }),
  },
  // M5 (issue 34): the affiliates screen (the owner's) and a member's affiliate screen, their
  // commands and the payouts' CSV.
  page("/dashboard/manage/marketing/affiliates", "routes/dashboard/marketing-affiliates.tsx", {}),
  {
    name: "POST /dashboard/manage/marketing/affiliates",
    method: "POST",
    path: "/dashboard/manage/marketing/affiliates",
    routeFile: "routes/dashboard/marketing-affiliates.tsx",
    shape: () =>
      json("/dashboard/manage/marketing/affiliates", {
        intent: "saveProgramme",
        programme: {
          enabled: true,
          commissionType: "percent",
          percent: 25,
          productCommissions: [{ productId: uuid, type: "flat", value: 500 }],
          cookieDays: 60,
          approval: "manual",
          minPayout: 5000,
          terms: "Be honest.",
        },
      }),
  },
  page(
    "/dashboard/manage/marketing/affiliates/payouts.csv",
    "routes/dashboard/affiliates-payouts-csv.ts",
    {},
  ),
  page("/dashboard/affiliate", "routes/dashboard/affiliate.tsx", {}),
  {
    name: "POST /dashboard/affiliate",
    method: "POST",
    path: "/dashboard/affiliate",
    routeFile: "routes/dashboard/affiliate.tsx",
    shape: () =>
      json("/dashboard/affiliate", { intent: "join", payoutDetails: "paypal: me@example.com" }),
  },
  {
    ...post(`/popups/${uuid}/events`, () => ({ event: "view" })),
    name: "POST /api/popups/:id/events",
    route: "POST /popups/:id/events",
  },
  // M5: a campaign reader's links (signed per recipient: these name no one, and answer 404).
  ...(["unsubscribe", "resubscribe"] as const).map((action): FuzzEndpoint => ({
    name: `POST /api/email/${action}/:campaignId/:contactId/:signature`,
    method: "POST",
    path: `/api/email/${action}/${uuid}/${uuid}/x`,
    route: `POST /email/${action}/:campaignId/:contactId/:signature`,
    shape: () => ({
      kind: "form",
      valid: { "List-Unsubscribe": "One-Click" },
      limit: bodyLimitFor(`/api/email/${action}/${uuid}/${uuid}/x`),
    }),
  })),
  get(`/email/unsubscribe/${uuid}/${uuid}/x`, () => ({}), {
    name: "GET /api/email/unsubscribe/:campaignId/:contactId/:signature",
    route: "GET /email/unsubscribe/:campaignId/:contactId/:signature",
  }),
  get(`/email/open/${uuid}/${uuid}/x`, () => ({}), {
    name: "GET /api/email/open/:campaignId/:contactId/:signature",
    route: "GET /email/open/:campaignId/:contactId/:signature",
  }),
  get(`/email/click/${uuid}/${uuid}/x/0`, () => ({}), {
    name: "GET /api/email/click/:campaignId/:contactId/:signature/:index",
    route: "GET /email/click/:campaignId/:contactId/:signature/:index",
  }),
  // M5: bounce and complaint mails from the operator's MTA, with the platform's key (the parser
  // and the ledger are reached; a request without the key is the access test's).
  {
    name: "POST /api/email/feedback",
    method: "POST",
    path: "/api/email/feedback",
    route: "POST /email/feedback",
    headers: { authorization: `Bearer ${FUZZ_MAIL_FEEDBACK_KEY}` },
    shape: (w) => ({
      kind: "mail",
      valid: fuzzDeliveryReport(w.host),
      limit: bodyLimitFor("/api/email/feedback"),
    }),
  },
  // M5: the same from the relays' webhooks, signed as each relay signs (a message of the fuzz
  // site's host, of no campaign: the records side looks and finds nothing to change).
  {
    name: "POST /api/email/feedback/mailgun",
    method: "POST",
    path: "/api/email/feedback/mailgun",
    route: "POST /email/feedback/:relay",
    shape: (w) => json("/api/email/feedback/mailgun", mailgunValid(w)),
  },
  {
    name: "POST /api/email/feedback/sendgrid",
    method: "POST",
    path: "/api/email/feedback/sendgrid",
    route: "POST /email/feedback/:relay",
    // One event (SendGrid posts an array of them; the corpus mutates an object's fields).
    shape: (w) => json("/api/email/feedback/sendgrid", sendgridValid(w)),
    sign: (body) => fuzzMailRelays.sendgrid.headersFor(body),
  },
  {
    name: "POST /api/email/feedback/postmark",
    method: "POST",
    path: "/api/email/feedback/postmark",
    route: "POST /email/feedback/:relay",
    shape: (w) => json("/api/email/feedback/postmark", postmarkValid(w)),
    sign: () => fuzzMailRelays.postmark.headersFor(),
  },
  {
    name: "POST /api/email/feedback/ses",
    method: "POST",
    path: "/api/email/feedback/ses",
    route: "POST /email/feedback/:relay",
    shape: (w) => json("/api/email/feedback/ses", sesValid(w)),
  },
  {
    name: "POST /api/email/feedback/:relay (path)",
    method: "POST",
    path: "/api/email/feedback/:relay",
    route: "POST /email/feedback/:relay",
    shape: () => ({ kind: "path", valid: "mailgun" }),
  },
  // Issue 34: a funnel's step (its first without one), its query (UTM, the buyer's order) and
  // its answers (the sales page's button, an upsell's yes and no) as form bodies.
  segment("/f/:funnelSlug", "routes/site/funnel-step.tsx", "launch"),
  page("/checkout", "routes/site/checkout.tsx", { funnel: uuid }),
  page("/f/launch/sales", "routes/site/funnel-step.tsx", { utm_source: "news", order: uuid }),
  {
    name: "POST /f/:funnel/:step (a step's answer)",
    method: "POST",
    path: "/f/launch/upsell",
    routeFile: "routes/site/funnel-step.tsx",
    shape: () => ({
      kind: "form",
      valid: { intent: "accept", order: uuid },
      limit: bodyLimitFor("/f/launch/upsell"),
    }),
  },
  // M5: a form's own page, and a visitor's answer to it (the fuzz site's form "newsletter").
  segment("/form/:slug", "routes/site/form.tsx", "newsletter"),
  {
    name: "POST /form/:slug (an answer)",
    method: "POST",
    path: "/form/newsletter",
    routeFile: "routes/site/form.tsx",
    shape: () => ({
      kind: "form",
      valid: { email: "fuzz@example.com", website_url: "", _stamp: "1700000000000.x", _page: "/" },
      limit: bodyLimitFor("/form/newsletter"),
    }),
  },
  {
    name: "POST /subscribed (a confirmation)",
    method: "POST",
    path: "/subscribed",
    routeFile: "routes/site/subscribed.tsx",
    shape: () => ({
      kind: "form",
      valid: { s: uuid, sig: "x" },
      limit: bodyLimitFor("/subscribed"),
    }),
  },
  segment(
    `/email/preferences/${uuid}/${uuid}/:signature`,
    "routes/site/email-preferences.tsx",
    "x",
  ),
  page("/dashboard/manage/marketing/emails/contacts.csv", "routes/dashboard/contacts-csv.ts", {
    status: "subscribed",
    segment: uuid,
  }),
  page("/dashboard/orders.csv", "routes/dashboard/orders-csv.ts", {
    q: "ana",
    status: "refunded",
    from: "2026-01-01",
  }),
  // Issue 17 scope 5: the owner's reports (a preset, a custom range) and their CSV.
  page("/dashboard/reports", "routes/dashboard/reports.tsx", { period: "90d" }),
  {
    ...page("/dashboard/reports", "routes/dashboard/reports.tsx", {
      from: "2026-01-01",
      to: "2026-03-31",
    }),
    name: "GET /dashboard/reports (a custom range)",
  },
  segment("/dashboard/billing/invoices/:orderId", "routes/dashboard/billing-invoice.ts", uuid),
  page("/dashboard/reports.csv", "routes/dashboard/reports-csv.ts", {
    from: "2026-01-01",
    to: "2026-01-31",
  }),
  // Issue 17 scope 6: the owner's tickets and the desk's queue (filters), a thread.
  page("/dashboard/tickets", "routes/dashboard/tickets.tsx", {
    view: "site",
    status: "awaited",
    q: "x",
    page: "2",
  }),
  {
    ...page("/dashboard/tickets", "routes/dashboard/tickets.tsx", {
      view: "desk",
      category: "bug",
      assigned: "me",
    }),
    name: "GET /dashboard/tickets (the desk's filters)",
  },
  segment("/dashboard/tickets/:id", "routes/dashboard/ticket.tsx", uuid),
  {
    ...segment("/api/orders/:id/invoice.pdf", "", uuid),
    routeFile: undefined,
    route: "GET /orders/:id/invoice.pdf",
  },
  // Prometheus's scrape (server/metrics.ts): a query is all it reads; 404 unless configured.
  {
    name: "GET /metrics",
    method: "GET",
    path: "/metrics",
    shape: () => query({}),
    headers: { authorization: `Bearer ${FUZZ_METRICS_TOKEN}` },
  },
  // Child sitemaps of the host's account (GET /sitemap-{part}.xml, site/sitemap-route.server.ts).
  { ...segment("/sitemap-:part.xml", "", "posts-1"), routeFile: undefined },
  // Uploaded files of the host's account (GET /files/{bucket}/{key}, members/api.server.ts).
  { ...segment("/files/{bucket}/:key", "", "logos/logo.webp"), routeFile: undefined },
];

export const fuzzEndpoints: FuzzEndpoint[] = [...apiEndpoints, ...authEndpoints, ...pageEndpoints];

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Every route the app serves, from the Hono app itself ("METHOD /path" as registered), so that a
 * route added anywhere is in the fuzz pass's reckoning without a list to keep: middleware and
 * catch-alls (method ALL) are not routes of their own.
 */
export function appRoutes(app: Hono<any>): string[] {
  const routes = app.routes.filter((route) => route.method !== "ALL");
  return [...new Set(routes.map((route) => `${route.method} ${route.path}`))].sort();
}

/** The routes (as `appRoutes` names them) that a request to `method` and `url` reaches. */
export function routesReached(app: Hono<any>, method: string, url: string): string[] {
  const path = url.split("?")[0]!;
  try {
    const [matched] = app.router.match(method, path);
    return matched
      .map(([[, route]]) => route)
      .filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} ${route.path}`);
  } catch {
    return [];
  }
}

/** Route modules (relative to app/) that export an action. */
export function sourceActionModules(): string[] {
  const dir = path.join(root, "app/routes");
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
    .filter((file) =>
      /export (async )?function action\b|export const action\b/.test(
        fs.readFileSync(path.join(dir, file), "utf8"),
      ),
    )
    .map((file) => `routes/${file}`)
    .sort();
}
