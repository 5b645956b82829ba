import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type MatrixRoute,
  type Place,
  type World,
} from "./support/access-matrix";
import { backends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";

const superAdminEmail = "root@platform.test";

// A super-admin signed in on a site is what their membership there makes them (a student of
// demo here); the console is the base domain's (tests/console.access-matrix.test.ts).

/** Signed in and asking on the site the session belongs to. */
const atHome = (actor: ActorKind, place: Place) => actor !== "anonymous" && place === "own";
/** otherOwner's own site is acme; asked about demo there, the account does not match. */
const memberOfDemoAtHome = (actor: ActorKind, place: Place) =>
  atHome(actor, place) && actor !== "otherOwner";

/** The request went to demo's host (otherOwner's own site is acme, its "other" is demo). */
const askedOnDemo = (actor: ActorKind, place: Place) =>
  (place === "own") !== (actor === "otherOwner");

/** The coupons editor: managers of the host's site (acme's owner on acme), else 403 / 401. */
const couponManager = (actor: ActorKind, place: Place, allowed: number) => {
  if (!atHome(actor, place)) return 401;
  return actor === "owner" || actor === "otherOwner" ? allowed : 403;
};

const routes: MatrixRoute[] = [
  {
    name: "GET /api/account/me",
    method: "GET",
    path: "/api/account/me",
    expect: (actor, place) => (atHome(actor, place) ? 200 : 401),
  },
  {
    name: "POST /api/account/isSiteOwner",
    method: "POST",
    path: "/api/account/isSiteOwner",
    body: (world: World) => ({ account_id: world.demo.accountId, email: world.people.owner.email }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      if (!memberOfDemoAtHome(actor, place)) return 403;
      return actor === "owner" ? 200 : 403;
    },
  },
  {
    name: "POST /api/users/getUserEmailById",
    method: "POST",
    path: "/api/users/getUserEmailById",
    body: (world: World) => ({
      account_id: world.demo.accountId,
      user_id: world.people.student.userId,
    }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      if (!memberOfDemoAtHome(actor, place)) return 403;
      return ["owner", "instructor"].includes(actor) ? 200 : 403;
    },
  },
  {
    // Decision 081: what the site holds about whoever asks, signed in on it (their own rows only).
    name: "GET /api/account/my-data",
    method: "GET",
    path: "/api/account/my-data",
    expect: (actor, place) => (atHome(actor, place) ? 200 : 401),
  },
  {
    // The whole site's archive: its owner's only (an id nobody has: 404 for them, 403 for others).
    name: "GET /api/account/exports/{id}/archive",
    method: "GET",
    path: "/api/account/exports/00000000-0000-4000-8000-000000000000/archive",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return actor === "owner" || actor === "otherOwner" ? 404 : 403;
    },
  },
  {
    name: "GET /dashboard/profile (page)",
    method: "GET",
    path: "/dashboard/profile",
    expect: (actor, place) => (atHome(actor, place) ? 200 : 302),
  },
  {
    name: "POST /dashboard/profile revokeSession (page action)",
    method: "POST",
    path: "/dashboard/profile",
    form: () => ({ intent: "revokeSession", sessionId: "not-a-session-of-yours" }),
    expect: (actor, place) => (atHome(actor, place) ? 404 : 302),
  },
  {
    name: "POST /dashboard/profile deleteAccount (page action, decision 082: members, not staff)",
    method: "POST",
    path: "/dashboard/profile",
    // A wrong password: a member hears that it does not match, staff that they may not (the
    // super-admin, no member of the site, is refused by the dashboard first).
    form: () => ({ intent: "deleteAccount", confirmation: "not their password" }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "student" || actor === "superAdmin" ? 403 : 409;
    },
  },
  {
    name: "POST /blog/{slug}.data comment (page action, V2: members of the site)",
    method: "POST",
    path: "/blog/a-post.data",
    // An empty comment: who may write (signed in here; a super-admin counts as a member of
    // every site) is checked before the text and the post.
    form: () => ({ intent: "comment", body: "" }),
    expect: (actor, place) => (atHome(actor, place) ? 400 : 401),
  },
  {
    name: "GET /dashboard/posts/comments (page, V2: managers and post writers)",
    method: "GET",
    path: "/dashboard/posts/comments",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "student" || actor === "superAdmin" ? 403 : 200;
    },
  },
  {
    name: "POST /dashboard/posts/comments approve (page action, V2: managers only)",
    method: "POST",
    path: "/dashboard/posts/comments",
    body: () => ({ intent: "approve", commentId: "00000000-0000-4000-8000-000000000000" }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return ["owner", "otherOwner"].includes(actor) ? 404 : 403;
    },
  },
  {
    name: "POST /dashboard/posts/comments hold setting (page action, V2: managers only)",
    method: "POST",
    path: "/dashboard/posts/comments",
    body: () => ({ part: "comments", value: { hold: "first" } }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  {
    name: "GET /dashboard/maintenance/outbox (page)",
    method: "GET",
    path: "/dashboard/maintenance/outbox",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return 404;
    },
  },
  {
    name: "GET /dashboard/maintenance/crons (page, M8: super-admins)",
    method: "GET",
    path: "/dashboard/maintenance/crons",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return 404;
    },
  },
  {
    name: "POST /dashboard/maintenance/crons retry (page action, M8: super-admins)",
    method: "POST",
    path: "/dashboard/maintenance/crons",
    // A run that does not exist: a super-admin is told so, nothing runs.
    body: () => ({ intent: "retry", jobId: "00000000-0000-4000-8000-000000000000" }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return 404;
    },
  },
  {
    name: "GET /dashboard (page, D1: members of the site and super-admins)",
    method: "GET",
    path: "/dashboard",
    expect: (actor, place) => (atHome(actor, place) ? 200 : 302),
  },
  {
    name: "GET /dashboard/manage/site/theme (page, D16: manage_options)",
    method: "GET",
    path: "/dashboard/manage/site/theme",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 200 : 403;
    },
  },
  {
    name: "POST /dashboard/manage/site/theme (page action, D16: manage_options)",
    method: "POST",
    path: "/dashboard/manage/site/theme",
    body: () => ({ part: "theme", value: { primaryColor: "blue", bodyStyle: "full" } }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 200 : 403;
    },
  },
  {
    name: "GET /dashboard/manage/site/webhooks (page, I37: manage_options)",
    method: "GET",
    path: "/dashboard/manage/site/webhooks",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 200 : 403;
    },
  },
  {
    // An unknown endpoint: a manager is told there is none (404); nobody else gets that far.
    name: "POST /dashboard/manage/site/webhooks (page action, I37: manage_options)",
    method: "POST",
    path: "/dashboard/manage/site/webhooks",
    body: () => ({
      intent: "setEnabled",
      id: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c",
      enabled: false,
    }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 404 : 403;
    },
  },
  {
    name: "GET /dashboard/manage/site/footer (page, D16: manage_options)",
    method: "GET",
    path: "/dashboard/manage/site/footer",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 200 : 403;
    },
  },
  {
    name: "POST /dashboard/manage/site/footer (page action, D16: manage_options)",
    method: "POST",
    path: "/dashboard/manage/site/footer",
    body: () => ({
      part: "footerNotice",
      value: { enable_footer_notice: false, footer_notice: "", footer_notice_bg: "#f1f3f5" },
    }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 200 : 403;
    },
  },
  {
    name: "GET /dashboard/manage/site/header (page, D16: manage_options)",
    method: "GET",
    path: "/dashboard/manage/site/header",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 200 : 403;
    },
  },
  {
    name: "POST /dashboard/manage/site/header header style (page action, D16: manage_options)",
    method: "POST",
    path: "/dashboard/manage/site/header",
    body: () => ({
      part: "header",
      value: {
        header_style: "solid",
        header_fix: true,
        header_fontsize: 15,
        header_darklight: true,
        header_search: true,
        header_cart: true,
        header_login: true,
      },
    }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "owner" || actor === "otherOwner" ? 200 : 403;
    },
  },
  {
    name: "GET /dashboard/pages (page, M3: manage_options and super-admins)",
    method: "GET",
    path: "/dashboard/pages",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  {
    name: "GET /dashboard/pages/new (page builder, M3: manage_options and super-admins)",
    method: "GET",
    path: "/dashboard/pages/new",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  {
    name: "POST /dashboard/pages/new save (page action, M3: manage_options and super-admins)",
    method: "POST",
    path: "/dashboard/pages/new",
    body: () => ({
      intent: "save",
      version: 0,
      page: {
        title: "Matrix page",
        slug: "",
        kind: "page",
        description: "",
        data: { root: { props: {} }, content: [{ type: "Text", props: { id: "t", text: "Hi" } }] },
        seoTitle: "",
        seoDescription: "",
        seoImage: "",
      },
    }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  {
    name: "POST /dashboard/pages reorderDocs (page action, M3: manage_options and super-admins)",
    method: "POST",
    path: "/dashboard/pages",
    body: () => ({ intent: "reorderDocs", docs: [] }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  // I14 the platform's docs (decision 029): super-admins only, never a site's managers.
  ...["/dashboard/docs", "/dashboard/docs/new"].map((path): MatrixRoute => ({
    name: `GET ${path} (page, I14 platform docs: super-admins only)`,
    method: "GET",
    path,
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return 404;
    },
  })),
  {
    name: "POST /dashboard/docs/new save (page action, I14 platform docs: super-admins only)",
    method: "POST",
    path: "/dashboard/docs/new",
    body: () => ({
      intent: "save",
      version: 0,
      page: {
        title: "Matrix platform doc",
        slug: "",
        kind: "doc",
        description: "",
        data: { root: { props: {} }, content: [{ type: "Text", props: { id: "t", text: "Hi" } }] },
        seoTitle: "",
        seoDescription: "",
        seoImage: "",
      },
    }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return 404;
    },
  },
  {
    name: "POST /dashboard/docs reorderDocs (page action, I14 platform docs: super-admins only)",
    method: "POST",
    path: "/dashboard/docs",
    body: () => ({ intent: "reorderDocs", docs: [] }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return 404;
    },
  },
  {
    // No platform doc has this id: a super-admin is told so, everyone else is refused first.
    name: "POST /dashboard/docs trash (page action, I14 platform docs: super-admins only)",
    method: "POST",
    path: "/dashboard/docs",
    body: () => ({ id: "00000000-0000-4000-8000-000000000000", intent: "trash" }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return 404;
    },
  },
  {
    name: "GET /dashboard/accounts (page, D6: super-admins)",
    method: "GET",
    path: "/dashboard/accounts",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return 404;
    },
  },
  ...["/dashboard/posts", "/dashboard/post", "/dashboard/posts/no-such-post"].map(
    (path): MatrixRoute => ({
      name: `GET ${path} (page, M2: post writers — managers, edit_posts, super-admins)`,
      method: "GET",
      path,
      expect: (actor, place) => {
        if (!atHome(actor, place)) return 302;
        if (actor === "student" || actor === "superAdmin") return 403;
        return path.endsWith("no-such-post") ? 404 : 200;
      },
    }),
  ),
  {
    name: "POST /dashboard/post (page action, M2: a new draft by a post writer)",
    method: "POST",
    path: "/dashboard/post",
    body: () => ({
      intent: "save",
      version: 0,
      post: {
        title: "Matrix draft",
        slug: "",
        excerpt: "",
        content: "<p>x</p>",
        featured: "",
        categories: [],
        tags: [],
        seoTitle: "",
        seoDescription: "",
        seoImage: "",
      },
    }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 302;
      return actor === "student" || actor === "superAdmin" ? 403 : 200;
    },
  },
  {
    name: "GET /login while signed in goes on to the profile",
    method: "GET",
    path: "/login",
    expect: (actor, place) => (atHome(actor, place) ? 302 : 200),
  },
  {
    name: "POST /api/funnel/start (P22, anonymous allowed, the host's account only)",
    method: "POST",
    path: "/api/funnel/start",
    body: (world: World) => ({
      utm_source: "matrix",
      utm_medium: "test",
      utm_campaign: "a11",
      initial_page: "/",
      account_id: world.demo.accountId,
      deviceInfo: {
        browser: "Chrome",
        platform: "Linux",
        screenWidth: 1280,
        screenHeight: 800,
        deviceType: "desktop",
      },
    }),
    // Demo's account id is refused on acme's site, whoever asks; accepted on demo's from anyone.
    expect: (actor, place) => (askedOnDemo(actor, place) ? 200 : 403),
  },
  {
    name: "POST /api/analytics/collect (P21, anonymous allowed, the host's tenant only)",
    method: "POST",
    path: "/api/analytics/collect",
    body: (world: World) => ({ name: "page_view", tenant_id: world.demo.accountId, path: "/" }),
    expect: (actor, place) => (askedOnDemo(actor, place) ? 204 : 403),
  },
  {
    name: "GET /api/analytics/summary (P21, the site's managers)",
    method: "GET",
    path: "/api/analytics/summary",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      // otherOwner at home reads acme's own summary.
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  {
    // Anyone may search (spec §6); what each actor finds is tested in features/search.
    name: "GET /api/search (P10, anonymous allowed, the host's account only)",
    method: "GET",
    path: "/api/search?q=a&type=all",
    expect: () => 200,
  },
  {
    // I37 Caddy's `ask` before a certificate: the same answer for everyone, signed in or not,
    // on any host; it tells nothing a visit to that host would not.
    name: "GET /api/tls/allowed (the platform's domain: allowed, whoever asks)",
    method: "GET",
    path: "/api/tls/allowed?domain=localhost",
    expect: () => 200,
  },
  {
    name: "GET /api/tls/allowed (a domain no site has: refused, whoever asks)",
    method: "GET",
    path: "/api/tls/allowed?domain=nowhere.example",
    expect: () => 404,
  },
  {
    name: "POST /api/account/sign-up (validation before anything else)",
    method: "POST",
    path: "/api/account/sign-up",
    body: () => ({}),
    expect: () => 400,
  },
  {
    name: "GET /api/site/revalidateCache",
    method: "GET",
    path: (world) => `/api/site/revalidateCache?site=${world.demo.accountId}&path=blog`,
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return actor === "owner" ? 200 : 403;
    },
  },
  {
    name: "GET /api/site/invalidateCache",
    method: "GET",
    path: (world) =>
      `/api/site/invalidateCache?account_id=${world.demo.accountId}&key=getSiteOption-menus`,
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return actor === "owner" ? 200 : 403;
    },
  },
  {
    name: "PUT /api/site/options/misc (the host's own account)",
    method: "PUT",
    path: "/api/site/options/misc",
    body: () => ({ scripts: "" }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  {
    name: "GET /api/notifications (D11, the signed-in person's own, on their site)",
    method: "GET",
    path: "/api/notifications?type=all",
    expect: (actor, place) => (atHome(actor, place) ? 200 : 401),
  },
  {
    name: "GET /api/notifications/history (D11)",
    method: "GET",
    path: "/api/notifications/history?limit=5",
    expect: (actor, place) => (atHome(actor, place) ? 200 : 401),
  },
  {
    // Nobody has a notification with this id: not found for members, never a hint to others.
    name: "POST /api/notifications/read (D11)",
    method: "POST",
    path: "/api/notifications/read",
    body: () => ({ source: "member", id: "00000000-0000-4000-8000-000000000000" }),
    expect: (actor, place) => (atHome(actor, place) ? 404 : 401),
  },
  {
    name: "POST /api/notifications/read-all (D11 opening the chat list)",
    method: "POST",
    path: "/api/notifications/read-all",
    body: () => ({ type: "chat" }),
    expect: (actor, place) => (atHome(actor, place) ? 200 : 401),
  },
  {
    name: "POST /api/notifications/account (D11, the site's managers and super-admins)",
    method: "POST",
    path: "/api/notifications/account",
    body: () => ({ message: "<p>From the matrix</p>", severity: 2 }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      // otherOwner at home posts to acme's own managers.
      return ["owner", "otherOwner"].includes(actor) ? 201 : 403;
    },
  },
  {
    // The realtime endpoint is a WebSocket (tests in features/realtime); plain HTTP is told so.
    name: "GET /api/realtime without an upgrade (D12)",
    method: "GET",
    path: "/api/realtime",
    expect: () => 426,
  },
  {
    name: "PUT /api/account/branding (D16 logo settings: the host's managers)",
    method: "PUT",
    path: "/api/account/branding",
    body: () => ({ logo: null, dark_logo: null, logo_width: 5 }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  {
    // Who asks is checked before the upload is read: managers get as far as "not an image".
    name: "POST /api/account/branding/logo (D16 logo upload: the host's managers)",
    method: "POST",
    path: "/api/account/branding/logo",
    form: () => ({ variant: "light" }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return ["owner", "otherOwner"].includes(actor) ? 400 : 403;
    },
  },
  {
    // M2: everyone who makes content uploads any file, every member pictures (decision 073);
    // a request with no file is refused after the check.
    name: "POST /api/media/upload (M2: the site's members; pictures only for students)",
    method: "POST",
    path: "/api/media/upload",
    expect: (actor, place) => (atHome(actor, place) ? 400 : 401),
  },
  {
    name: "GET /api/media (M2: one's own files, a student's pictures)",
    method: "GET",
    path: "/api/media",
    expect: (actor, place) => (atHome(actor, place) ? 200 : 401),
  },
  {
    name: "GET /api/media?scope=all (M2: every file, managers)",
    method: "GET",
    path: "/api/media?scope=all",
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  {
    name: "POST /api/account/defaults (M9: the host's managers; another account's id is refused)",
    method: "POST",
    path: "/api/account/defaults",
    body: (world: World) => ({ account_id: world.demo.accountId, type: "bunny" }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      if (actor === "otherOwner") return 403;
      return actor === "owner" ? 200 : 403;
    },
  },
  {
    name: "PUT /api/account/bunny (M9: the host's managers)",
    method: "PUT",
    path: "/api/account/bunny",
    body: () => ({ library_id: "x" }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return ["owner", "otherOwner"].includes(actor) ? 400 : 403;
    },
  },
  {
    name: "GET /dashboard/media (page: M2 uploaders)",
    method: "GET",
    path: "/dashboard/media",
    expect: (actor, place) => {
      if (actor === "anonymous") return 302;
      if (!atHome(actor, place)) return 302;
      return ["owner", "otherOwner", "instructor"].includes(actor) ? 200 : 403;
    },
  },
  {
    name: "GET /dashboard/manage/media (page: M2 managers)",
    method: "GET",
    path: "/dashboard/manage/media",
    expect: (actor, place) => {
      if (actor === "anonymous") return 302;
      if (!atHome(actor, place)) return 302;
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  {
    // Accounts are created on the platform's own domain; no account's site has the route.
    name: "POST /api/platform/sign-up (base domain only)",
    method: "POST",
    path: "/api/platform/sign-up",
    body: () => ({}),
    expect: () => 404,
  },
  {
    name: "GET /api/platform/slug-check (base domain only)",
    method: "GET",
    path: "/api/platform/slug-check?slug=demo",
    expect: () => 404,
  },
  {
    name: "GET /api/auth/list-sessions (A11: better-auth's cross-site list is closed)",
    method: "GET",
    path: "/api/auth/list-sessions",
    expect: () => 404,
  },
  ...[
    "/api/auth/revoke-session",
    "/api/auth/revoke-sessions",
    "/api/auth/revoke-other-sessions",
  ].map((path): MatrixRoute => ({
    name: `POST ${path} (A11: closed, sessions end per site)`,
    method: "POST",
    path,
    body: () => ({ token: "not-a-token" }),
    expect: () => 404,
  })),
  {
    name: "POST /api/auth/update-user (A11: only with a session of this site)",
    method: "POST",
    path: "/api/auth/update-user",
    body: () => ({ image: null }),
    expect: (actor, place) => (atHome(actor, place) ? 200 : 401),
  },
  {
    name: "GET /api/account/sessions (A11: the person's sessions on this site)",
    method: "GET",
    path: "/api/account/sessions",
    expect: (actor, place) => (atHome(actor, place) ? 200 : 401),
  },
  {
    name: "POST /api/account/sessions/revoke (A11: another site's or unknown session is not found)",
    method: "POST",
    path: "/api/account/sessions/revoke",
    body: () => ({ id: "not-a-session-of-yours" }),
    expect: (actor, place) => (atHome(actor, place) ? 404 : 401),
  },
  {
    name: "POST /api/site/cache-token (A11: the host's managers)",
    method: "POST",
    path: "/api/site/cache-token",
    body: () => ({ days: 1 }),
    expect: (actor, place) => {
      if (!atHome(actor, place)) return 401;
      return ["owner", "otherOwner"].includes(actor) ? 200 : 403;
    },
  },
  // Commerce (issue 16): coupons. The check is for anyone on any site (its answers are the
  // site's own); the list and editor are the host's managers' (acme's owner on acme).
  {
    name: "POST /api/coupons/check (C3: anyone)",
    method: "POST",
    path: "/api/coupons/check",
    body: () => ({ name: "NO-SUCH-CODE" }),
    expect: () => 200,
  },
  {
    name: "GET /api/coupons (C3: the host's managers)",
    method: "GET",
    path: "/api/coupons",
    expect: (actor, place) => couponManager(actor, place, 200),
  },
  {
    name: "POST /api/coupons (C3: the host's managers)",
    method: "POST",
    path: "/api/coupons",
    body: () => ({ name: "MATRIX10", discountType: "percentage", amount: 10 }),
    expect: (actor, place) => couponManager(actor, place, 201),
  },
  {
    name: "PATCH /api/coupons/:id (C3: the host's managers; none of that id)",
    method: "PATCH",
    path: "/api/coupons/6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c",
    body: () => ({ amount: 5 }),
    expect: (actor, place) => couponManager(actor, place, 404),
  },
  {
    name: "DELETE /api/coupons/:id (C3: the host's managers; none of that id)",
    method: "DELETE",
    path: "/api/coupons/6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c",
    expect: (actor, place) => couponManager(actor, place, 404),
  },
];

describe.each(backends)("A9 A11 cross-account HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail })).app;
    world = await buildWorld(db.database, superAdminEmail);
  });
  afterAll(() => db?.dispose());

  test("A11 every route answers each actor, on its own site and on another's, as stated", async () => {
    expect(await runMatrix(app, world, routes)).toEqual([]);
    // Hundreds of requests: it ran past the default 60 s on a saturated machine.
  }, 180_000);

  test("A9 the answers themselves: owner check and member e-mail, nothing for non-members", async () => {
    const { createClient } = await import("./support/http-client");
    const owner = createClient(app, { host: world.demo.host, ip: "10.98.0.1" });
    await owner.post("/api/auth/sign-in/email", {
      email: world.people.owner.email,
      password: "Matrix-Harbour-Quartz-88",
    });
    const yes = await owner.post("/api/account/isSiteOwner", {
      account_id: world.demo.accountId,
      email: world.people.owner.email,
    });
    expect(await yes.json()).toEqual({ status: true });
    const no = await owner.post("/api/account/isSiteOwner", {
      account_id: world.demo.accountId,
      email: world.people.student.email,
    });
    expect(await no.json()).toEqual({ status: false });
    const member = await owner.post("/api/users/getUserEmailById", {
      account_id: world.demo.accountId,
      user_id: world.people.student.userId,
    });
    expect(await member.json()).toEqual({
      status: true,
      user: { id: world.people.student.userId, email: world.people.student.email, name: "student" },
    });
    const stranger = await owner.post("/api/users/getUserEmailById", {
      account_id: world.demo.accountId,
      user_id: world.people.otherOwner.userId,
    });
    expect(await stranger.json()).toEqual({ status: false, user: null });
  });
});
