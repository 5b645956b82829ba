/**
 * The cross-account HTTP matrix: every API route and every dashboard loader/action, called as
 * each kind of actor, on the actor's own site and on another account's site. Each route states
 * who gets what; later issues append their routes to `routes` in their own test files.
 */
import type { Hono } from "hono";
import type { Database } from "~/platform/db/database.server";
import { createAccount, createMember, createUserWithPassword } from "../factories";
import { createClient } from "./http-client";

export const actorKinds = [
  "anonymous",
  "student",
  "instructor",
  "owner",
  "otherOwner",
  "superAdmin",
] as const;
export type ActorKind = (typeof actorKinds)[number];
/**
 * `own`: the actor's session on the site it was opened on; `other`: presented to another
 * account's site; `platform`: the base domain (`localhost`), where the super-admin signs in to
 * the console and everyone else's site session is nobody's (decision 037).
 */
export type Place = "own" | "other" | "platform";

/** The base domain of the test app. */
export const platformHost = "localhost";

export type World = {
  demo: { accountId: string; host: string };
  acme: { accountId: string; host: string };
  people: Record<Exclude<ActorKind, "anonymous">, { userId: string; email: string }>;
};

export type MatrixRoute = {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string | ((world: World) => string);
  body?: (world: World) => unknown;
  /** A form post (page actions) instead of a JSON body. */
  form?: (world: World) => Record<string, string>;
  /**
   * The status each actor gets, asked on demo's host (`own`), for a session on acme's (`other`),
   * and where a matrix asks for it, on the base domain (`platform`).
   */
  expect: (actor: ActorKind, place: Place) => number;
  /** Where it returns a type, the Content-Type the expected answer starts with (a file's, say). */
  contentType?: (actor: ActorKind, place: Place) => string | undefined;
};

const password = "Matrix-Harbour-Quartz-88";
let ipCounter = 0;
const nextIp = () => `10.99.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** demo and acme, a student, an instructor and an owner of demo, acme's owner, and a super-admin. */
export async function buildWorld(database: Database, superAdminEmail: string): Promise<World> {
  const suffix = `${Date.now().toString(36)}${ipCounter}`;
  const demo = await createAccount(database, { slug: `demo${suffix}` });
  const acme = await createAccount(database, { slug: `acme${suffix}` });
  const person = async (
    label: string,
    accountId: string,
    roleName?: string,
    email = `${label}-${suffix}@example.test`,
  ) => {
    const user = await createUserWithPassword(database, { email, name: label, password });
    if (roleName) await createMember(database, { accountId, roleName, user });
    return { userId: user.id, email };
  };
  return {
    demo: { accountId: demo.accountId, host: `${demo.slug}.localhost` },
    acme: { accountId: acme.accountId, host: `${acme.slug}.localhost` },
    people: {
      student: await person("student", demo.accountId, "student"),
      instructor: await person("instructor", demo.accountId, "instructor"),
      owner: await person("owner", demo.accountId, "site_owner"),
      otherOwner: await person("other-owner", acme.accountId, "site_owner"),
      superAdmin: await person("root", demo.accountId, undefined, superAdminEmail),
    },
  };
}

/** A browser for the actor: signed in on its own site (acme for otherOwner, demo for the rest). */
async function browserFor(app: Hono<any>, world: World, actor: ActorKind) {
  const ownHost = actor === "otherOwner" ? world.acme.host : world.demo.host;
  const client = createClient(app, { host: ownHost, ip: nextIp() });
  if (actor !== "anonymous") {
    const res = await client.post("/api/auth/sign-in/email", {
      email: world.people[actor].email,
      password,
    });
    if (res.status !== 200) throw new Error(`${actor} could not sign in: ${res.status}`);
  }
  return client;
}

/**
 * A browser on the base domain: the super-admin signed in there (the only person who can be);
 * anyone else with their site's cookies, which are nobody's session there.
 */
async function platformBrowserFor(
  app: Hono<any>,
  world: World,
  actor: ActorKind,
  own: ReturnType<typeof createClient>,
) {
  const client = createClient(app, { host: platformHost, ip: nextIp() });
  if (actor === "superAdmin") {
    const res = await client.post("/api/auth/sign-in/email", {
      email: world.people.superAdmin.email,
      password,
    });
    if (res.status !== 200) throw new Error(`the super-admin could not sign in: ${res.status}`);
  } else for (const [name, value] of own.jar) client.jar.set(name, value);
  return client;
}

/** Runs every route for every actor and place; returns the mismatches (empty = all as stated). */
export async function runMatrix(
  app: Hono<any>,
  world: World,
  routes: MatrixRoute[],
  { places = ["own", "other"] }: { places?: readonly Place[] } = {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const actor of actorKinds) {
    const own = await browserFor(app, world, actor);
    // The same cookies, presented on the other account's site (for otherOwner: on demo's).
    const otherHost = actor === "otherOwner" ? world.demo.host : world.acme.host;
    const other = createClient(app, { host: otherHost, ip: nextIp() });
    for (const [name, value] of own.jar) other.jar.set(name, value);
    const clients = { own, other } as Record<Place, ReturnType<typeof createClient>>;
    if (places.includes("platform"))
      clients.platform = await platformBrowserFor(app, world, actor, own);
    for (const route of routes) {
      for (const [place, client] of places.map((place) => [place, clients[place]] as const)) {
        if (actor === "anonymous" && place === "other") continue;
        const path = typeof route.path === "function" ? route.path(world) : route.path;
        const res = await client.request(path, {
          method: route.method,
          json: route.body?.(world),
          form: route.form?.(world),
        });
        const expected = route.expect(actor, place);
        if (res.status !== expected)
          problems.push(
            `${route.name} as ${actor} (${place}): ${res.status}, expected ${expected}`,
          );
        const type = route.contentType?.(actor, place);
        const received = res.headers.get("content-type") ?? "";
        if (res.status === expected && type && !received.startsWith(type))
          problems.push(`${route.name} as ${actor} (${place}): ${received}, expected ${type}`);
      }
    }
  }
  return problems;
}
