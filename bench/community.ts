// Issue 35's community bar, two figures:
// 1. A group's feed page at most 50 ms at p95 with 100,000 posts in the group, on PGlite and, when
//    BENCH_DATABASE_URL or TEST_DATABASE_URL names a server, on PostgreSQL (a scratch database).
//    The group, its members, posts (a year of them, a few pinned, some hidden), the newest posts'
//    comments and reactions and the ledger's points are written in bulk by SQL
//    (tests/factories/community.ts), analysed, then `loadGroup` itself is timed call by call: the
//    first page, the second (the first's `next`), a page ~90 % deep and the first page of a
//    member who last read a year ago; beside them `loadActivity` (the site's feed) and
//    `loadLeaderboard` (30 days) on the same rows. The first and the deep page's main query are
//    EXPLAIN ANALYZEd (BENCH_COMMUNITY_EXPLAIN=1: the unread count, the leaderboard and the
//    activity's levels too; BENCH_COMMUNITY_TRACE=1: every statement of one call, PostgreSQL).
// 2. A message's delivery between two instances under 500 connections, at most 100 ms at p95
//    (PostgreSQL only): two realtime hubs in this process, each on its own HTTP server and its own
//    LISTEN/NOTIFY bus on the scratch database, 500 WebSocket clients joined to `onlineUsers`
//    half on each; then a member on hub A sends (`commandMessages`, as the messages screen does)
//    to a member on hub B, one round at a time, and the time from the call to the receiver's
//    `conversation` broadcast on hub B is taken (and, apart, from the signal's publish on A).
// Loaded by bench/run.ts through Vite's module runner. Figures only: a bench never fails on a
// missed goal.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import pg from "pg";
import { WebSocket } from "ws";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { AccountSettings } from "~/features/accounts/validation";
import { loadActivity } from "~/features/activity/activity.server";
import { loadLeaderboard } from "~/features/leaderboard/leaderboard.server";
import { defaultLevels } from "~/features/leaderboard/levels";
import { FEED_PAGE_SIZE } from "~/features/groups/group-shapes";
import { loadGroup } from "~/features/groups/groups.server";
import { groupPosts } from "~/features/groups/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { commandMessages } from "~/features/messages/messages.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { REALTIME_PATH, type ServerMessage } from "~/features/realtime/protocol";
import {
  createRealtimeHub,
  realtimeLimits,
  type RealtimeHub,
  type RealtimeIdentity,
} from "~/features/realtime/realtime.server";
import { openDatabase, type Database } from "~/platform/db/database.server";
import { createLogger } from "~/platform/logger.server";
import { createPostgresPubSub, type PubSub } from "~/platform/pubsub/pubsub.server";
import { createRateLimits } from "~/platform/rate-limits/rate-limits.server";
import { findPgliteTemplate } from "~/platform/db/pglite-template.server";
import { MIGRATIONS_FOLDER, PGLITE_TEMPLATES } from "../server/boot";
import { tempDataDir } from "../tests/e2e/support/server.ts";
import { createAccount } from "../tests/factories";
import { seedGroupFeed, seedPeople } from "../tests/factories/community.ts";
import { atMost, ms, percentile, type Figure, type Print } from "./report.ts";
import { postgresAdminUrl, scratchPostgres } from "./server.ts";

const postCount = Number(process.env.BENCH_COMMUNITY_POSTS ?? 100_000);
const peopleCount = Number(process.env.BENCH_COMMUNITY_PEOPLE ?? 1_000);
const calls = Number(process.env.BENCH_COMMUNITY_CALLS ?? 50);
const socketCount = Number(process.env.BENCH_COMMUNITY_SOCKETS ?? 500);
const rounds = Number(process.env.BENCH_COMMUNITY_ROUNDS ?? 200);
const backends = (process.env.BENCH_COMMUNITY_BACKENDS ?? "pglite,postgres").split(",");
const explainAll = process.env.BENCH_COMMUNITY_EXPLAIN === "1";
const trace = process.env.BENCH_COMMUNITY_TRACE === "1";
const warmUp = 3;
/** A slow read stops after this long (at least `minCalls` calls): the section stays short. */
const budgetMs = Number(process.env.BENCH_COMMUNITY_BUDGET_MS ?? 4_000);
const minCalls = 10;
const feedGoalMs = 50;
const otherGoalMs = 100;
const deliveryGoalMs = 100;
/** How deep the deep page starts, as a share of the group's posts. */
const deepShare = 0.9;
const logger = createLogger({ level: "silent" });
const deliveryFigure = `message delivery between two instances, ${socketCount} connections (PostgreSQL)`;

const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** A plan with groups and without `single_session` (which would end others' sessions at a join). */
const features: AccountSettings = { plan: "professional", features: ["lms", "groups"] };

async function timed<T>(run: () => Promise<T>) {
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  let last: T | undefined;
  const began = performance.now();
  for (let i = 0; i < calls; i++) {
    if (i >= minCalls && performance.now() - began > budgetMs) break;
    const started = performance.now();
    last = await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, last: last! };
}

/**
 * BENCH_COMMUNITY_TRACE=1, PostgreSQL: each statement of one call and its time, as node-postgres
 * saw it (the PGlite thread is not traced; its statements are the same).
 */
async function traced(run: () => Promise<unknown>): Promise<string[][]> {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  const seen: string[][] = [];
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === "string" ? first : (first?.text ?? "")).replace(/\s+/g, " ");
    const started = performance.now();
    const result = original.apply(this, args);
    if (result instanceof Promise)
      void result.then(
        () => seen.push([ms(performance.now() - started), text.slice(0, 160)]),
        () => {},
      );
    return result;
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return seen;
}

/** `explain analyze` of a statement, run as the app runs it (the account's transaction). */
function explain(database: Database, accountId: string, statement: ReturnType<typeof sql>) {
  return database.forAccount(accountId, async (tx) =>
    rowsOf<{ "QUERY PLAN": string }>(
      await tx.execute(sql`explain (analyze, costs off) ${statement}`),
    ).map((row) => row["QUERY PLAN"]),
  );
}

/** Figure 1 on one backend: the feed's pages, the activity feed and the leaderboard. */
async function benchFeed(database: Database, label: string, print: Print): Promise<Figure[]> {
  const figures: Figure[] = [];
  const account = (await createAccount(database, {
    slug: "communitybench",
    settings: features,
  })) as unknown as AccountSummary;
  const { accountId } = account;
  const slug = "hall";
  const seeding = performance.now();
  const people = await seedPeople(database, { accountId, count: peopleCount, prefix: "cb" });
  const { groupId } = await seedGroupFeed(database, {
    accountId,
    prefix: "cb",
    people: peopleCount,
    posts: postCount,
    slug,
  });
  await database.owner.execute(sql`analyze`);
  const seeded = (performance.now() - seeding) / 1000;
  const [counts] = rowsOf<{ posts: number; comments: number; reactions: number; points: number }>(
    await database.owner.execute(sql`
      select (select count(*)::int from group_posts) as posts,
        (select count(*)::int from group_comments) as comments,
        (select count(*)::int from group_reactions) as reactions,
        (select count(*)::int from points_ledger) as points`),
  );
  // Person i last read the group i days ago: the first a day ago, the 365th a year ago.
  const reader = people[0]!;
  const absent = people[Math.min(365, people.length) - 1]!;

  // The post ~90 % down the feed, as the cursor of the page before it names it.
  const [deep] = rowsOf<{ created_at: string | Date; id: string }>(
    await database.owner.execute(sql`
      select created_at, id from group_posts
      where account_id = ${accountId} and group_id = ${groupId}
        and pinned_at is null and hidden_at is null
      order by created_at desc, id desc
      offset ${Math.floor(postCount * deepShare)}::int limit 1`),
  );
  const deepCursor = `${new Date(deep!.created_at).toISOString()}_${deep!.id}`;
  const first = await loadGroup(database, { accountId, viewer: reader, slug, before: null });

  const feed = (viewer: Viewer, before: string | null) => () =>
    loadGroup(database, { accountId, viewer, slug, before });
  const variants: { name: string; run: () => Promise<unknown>; goal: number; key?: string }[] = [
    { name: "feed: first page", run: feed(reader, null), goal: feedGoalMs, key: "first" },
    { name: "feed: second page (first's next)", run: feed(reader, first.next), goal: feedGoalMs },
    {
      name: `feed: page ${Math.round(deepShare * 100)} % deep`,
      run: feed(reader, deepCursor),
      goal: feedGoalMs,
      key: "deep",
    },
    { name: "feed: first page, last read a year ago", run: feed(absent, null), goal: feedGoalMs },
    {
      name: "activity (everyone)",
      run: () => loadActivity(database, { accountId, viewer: reader, who: "all" }),
      goal: otherGoalMs,
      key: "activity",
    },
    {
      name: "leaderboard (30 days)",
      run: () => loadLeaderboard(database, { accountId, viewer: reader, period: "30d" }),
      goal: otherGoalMs,
      key: "leaderboard",
    },
  ];
  const rows: string[][] = [["read", "p50", "p95", "calls", "items", "goal"]];
  const traces: string[][] = [];
  for (const variant of variants) {
    const { p50, p95, n, last } = await timed(variant.run);
    if (trace && database.kind === "postgres")
      traces.push(
        [variant.name, ""],
        ...(await traced(variant.run)).map(([t, q]) => [`  ${t}`, q!]),
      );
    const items =
      (last as { feed?: unknown[] }).feed ??
      (last as { items?: unknown[] }).items ??
      (last as { rows?: unknown[] }).rows ??
      [];
    rows.push([
      variant.name,
      ms(p50),
      ms(p95),
      String(n),
      String(items.length),
      `≤ ${variant.goal} ms p95`,
    ]);
    if (variant.key)
      figures.push({
        figure: `community ${variant.name}, ${postCount} posts (${label})`,
        measured: `p50 ${ms(p50)}, p95 ${ms(p95)}`,
        goal: `p95 ≤ ${variant.goal} ms`,
        met: atMost(p95, variant.goal),
      });
  }
  print(
    `Community, ${label}: one group of ${counts!.posts} posts, ${peopleCount} members, ` +
      `${counts!.comments} comments, ${counts!.reactions} reactions, ${counts!.points} ledger rows ` +
      `(seeded in ${seeded.toFixed(1)} s); up to ${calls} calls each after ${warmUp}`,
    rows,
  );
  if (traces.length) print(`Community statements of one call each, ${label}`, traces);

  // The page's main statement as loadGroup builds it (a member, not a moderator).
  const pageStatement = (cursor: { at: string; id: string } | null) =>
    database.owner
      .select()
      .from(groupPosts)
      .where(
        and(
          eq(groupPosts.accountId, accountId),
          eq(groupPosts.groupId, groupId),
          isNull(groupPosts.hiddenAt),
          isNull(groupPosts.pinnedAt),
          cursor
            ? or(
                sql`${groupPosts.createdAt} < ${cursor.at}`,
                and(
                  sql`${groupPosts.createdAt} = ${cursor.at}`,
                  sql`${groupPosts.id} < ${cursor.id}`,
                ),
              )
            : undefined,
        ),
      )
      .orderBy(desc(groupPosts.createdAt), desc(groupPosts.id))
      .limit(FEED_PAGE_SIZE + 1)
      .getSQL();
  const deepAt = new Date(deep!.created_at).toISOString();
  const plans: string[][] = [];
  for (const [title, statement] of [
    ["first page, main query (loadGroup)", pageStatement(null)],
    ["deep page, main query (loadGroup)", pageStatement({ at: deepAt, id: deep!.id })],
  ] as const)
    plans.push(
      ...(plans.length ? [[""]] : []),
      [title],
      ...(await explain(database, accountId, statement)).map((line) => [`  ${line}`]),
    );
  if (explainAll) {
    const thresholds = defaultLevels
      .slice(1)
      .map((level) => level.points)
      .join(", ");
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const extra: [string, ReturnType<typeof sql>][] = [
      [
        "unread count of a member who last read a year ago (loadGroup)",
        sql`select gp.group_id, count(*) from group_posts gp
          join group_members gm on gm.account_id = gp.account_id and gm.group_id = gp.group_id
            and gm.user_id = ${absent.user.id} and gm.status = 'active'
          where gp.account_id = ${accountId} and gp.hidden_at is null
            and gp.author_id <> ${absent.user.id} and gp.created_at > gm.last_read_at
          group by gp.group_id`,
      ],
      [
        "leaderboard: the top 50 of 30 days",
        sql`select user_id, sum(points)::int from points_ledger
          where account_id = ${accountId} and created_at >= ${since}
          group by user_id having sum(points) > 0 order by 2 desc, user_id limit 50`,
      ],
      [
        "activity: levels reached from the page's floor (the 31st newest post), as loadActivity reads them",
        sql`with floor as (
            select created_at as at from group_posts where account_id = ${accountId}
            order by created_at desc offset 30 limit 1
          ), recent as (
            select id, user_id, created_at, points from points_ledger
            where account_id = ${accountId} and created_at >= (select at from floor)
          ), before as (
            select user_id, sum(points)::int as points from points_ledger
            where account_id = ${accountId} and created_at < (select at from floor)
              and user_id in (select user_id from recent)
            group by user_id
          ), r as (
            select recent.*, coalesce(before.points, 0) + sum(recent.points) over (
              partition by recent.user_id order by recent.created_at, recent.id)::int as total
            from recent left join before on before.user_id = recent.user_id
          )
          select id, user_id, created_at, total from r
          where exists (select 1 from unnest(${sql.raw(`array[${thresholds}]::int[]`)}) t
            where t > r.total - r.points and t <= r.total)
          order by r.created_at desc, ('l:' || r.id::text) collate "C" desc
          limit 31`,
      ],
    ];
    for (const [title, statement] of extra)
      plans.push(
        [""],
        [title],
        ...(await explain(database, accountId, statement)).map((line) => [`  ${line}`]),
      );
  }
  print(`Community plans, ${label}`, plans);
  return figures;
}

type Client = {
  socket: WebSocket;
  userId: string;
  /** Conversations whose next `conversation` broadcast someone awaits on this socket. */
  waiting: Map<string, (at: number) => void>;
};

/** A member's socket on a hub, joined to `onlineUsers` (resolves at `joined`). */
function openClient(port: number, userId: string, n: number, opened: WebSocket[]): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, {
      headers: { "x-bench-user": userId },
    });
    opened.push(socket);
    const client: Client = { socket, userId, waiting: new Map() };
    const timer = setTimeout(() => reject(new Error(`bench: ${userId} never joined`)), 30_000);
    socket.on("error", reject);
    socket.on("open", () =>
      socket.send(
        JSON.stringify({ type: "join", channel: "onlineUsers", device_id: `bench-device-${n}` }),
      ),
    );
    socket.on("message", (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data)) as ServerMessage;
      if (message.type === "joined") {
        clearTimeout(timer);
        resolve(client);
      } else if (message.type === "broadcast" && message.event === "conversation") {
        const id = message.payload.conversationId;
        const waiter = client.waiting.get(id);
        if (waiter) {
          client.waiting.delete(id);
          waiter(at);
        }
      }
    });
  });
}

/** Figure 2: two instances over a real LISTEN/NOTIFY bus, 500 sockets, one message at a time. */
async function benchDelivery(database: Database, url: string, print: Print): Promise<Figure[]> {
  const account = (await createAccount(database, {
    slug: "communityrealtime",
    settings: features,
  })) as unknown as AccountSummary;
  const { accountId } = account;
  const viewers = await seedPeople(database, { accountId, count: socketCount, prefix: "rt" });
  const identities = new Map<string, RealtimeIdentity>(
    viewers.map((viewer, i) => [
      viewer.user.id,
      { account, viewer, sessionId: `bench-session-${i}` },
    ]),
  );
  // Generous budgets: every socket comes from 127.0.0.1 within seconds.
  const limits = {
    ...realtimeLimits,
    upgradePerPerson: { points: 1_000, duration: 60 },
    upgradePerAddress: { points: 100_000, duration: 60 },
  };
  const authenticate = async (request: http.IncomingMessage) => {
    const identity = identities.get(String(request.headers["x-bench-user"] ?? ""));
    return identity ?? { status: 401, code: "not_authenticated" as const };
  };
  // Instance B has its own pool, as another process would.
  const databaseB = await openDatabase({ kind: "postgres", url });
  const instances: { hub: RealtimeHub; server: http.Server; pubsub: PubSub; port: number }[] = [];
  const clients: Client[] = [];
  const sockets: WebSocket[] = [];
  try {
    for (const db of [database, databaseB]) {
      const pubsub = await createPostgresPubSub({ url, logger });
      const hub = createRealtimeHub({
        pubsub,
        database: db,
        logger,
        rateLimits: createRateLimits({ database: null, logger }),
        limits,
      });
      const server = http.createServer((_request, response) => {
        response.statusCode = 404;
        response.end();
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      hub.attach(server, authenticate);
      instances.push({ hub, server, pubsub, port: (server.address() as AddressInfo).port });
    }
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];

    // Member i's socket is on hub A when i is even, on hub B when odd: 250 and 250.
    const opening = performance.now();
    for (let from = 0; from < viewers.length; from += 50) {
      const batch = viewers.slice(from, from + 50).map((viewer, k) => {
        const n = from + k;
        return openClient((n % 2 === 0 ? a : b).port, viewer.user.id, n, sockets);
      });
      clients.push(...(await Promise.all(batch)));
    }
    const joinedMs = performance.now() - opening;
    // Both instances know every entry once the bus has carried the joins.
    const converging = performance.now();
    while (
      a.hub.presence(accountId).length < socketCount ||
      b.hub.presence(accountId).length < socketCount
    ) {
      if (performance.now() - converging > 30_000) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const convergedMs = performance.now() - converging;
    await new Promise((resolve) => setTimeout(resolve, 500));

    const senders = clients.filter((_, n) => n % 2 === 0);
    const receivers = clients.filter((_, n) => n % 2 === 1);
    const viewerOf = (userId: string) => identities.get(userId)!.viewer;
    // Sends are limited to 30 a minute per person (the start counts): each pair sends a few.
    const pairs = Math.min(rounds, senders.length, receivers.length);
    const rateLimits = createRateLimits({ database: null, logger });
    // Hub A's bus, noting when the command hands the conversation's signal to it.
    let publishedAt = 0;
    const pubsub: PubSub = {
      kind: a.pubsub.kind,
      publish(message) {
        if (message.event === "conversation") publishedAt = performance.now();
        return a.pubsub.publish(message);
      },
      subscribe: (handler) => a.pubsub.subscribe(handler),
      onResync: (handler) => a.pubsub.onResync(handler),
      close: () => a.pubsub.close(),
    };
    const services = { database, pubsub, rateLimits };
    const conversations: string[] = [];
    for (let p = 0; p < pairs; p++) {
      const started = await commandMessages(services, {
        accountId,
        viewer: viewerOf(senders[p]!.userId),
        body: { intent: "start", userIds: [receivers[p]!.userId] },
      });
      if (!started.ok || !started.id)
        throw new Error(`bench: no conversation started (${JSON.stringify(started)})`);
      conversations.push(started.id);
    }

    const delivery: number[] = [];
    const command: number[] = [];
    const hop: number[] = [];
    let missed = 0;
    for (let round = 0; round < rounds; round++) {
      const p = round % pairs;
      const sender = senders[p]!;
      const receiver = receivers[p]!;
      const conversationId = conversations[p]!;
      const heard = new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          receiver.waiting.delete(conversationId);
          resolve(null);
        }, 5_000);
        receiver.waiting.set(conversationId, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const started = performance.now();
      await commandMessages(services, {
        accountId,
        viewer: viewerOf(sender.userId),
        body: { intent: "send", conversationId, body: `Bench message ${round}` },
      });
      command.push(performance.now() - started);
      const at = await heard;
      if (at === null) missed++;
      else {
        delivery.push(at - started);
        hop.push(at - publishedAt);
      }
    }

    const p50 = percentile(delivery, 50);
    const p95 = percentile(delivery, 95);
    const max = Math.max(...delivery);
    print(
      `Community, PostgreSQL: message delivery, hub A → LISTEN/NOTIFY → hub B, ` +
        `${socketCount} sockets joined (${(joinedMs / 1000).toFixed(1)} s to open and join, ` +
        `presence on both instances ${(convergedMs / 1000).toFixed(1)} s later), ${rounds} messages one at a time`,
      [
        ["", "p50", "p95", "max", "missed", "goal"],
        [
          "call → receiver's broadcast on B",
          ms(p50),
          ms(p95),
          ms(max),
          String(missed),
          `p95 ≤ ${deliveryGoalMs} ms`,
        ],
        [
          "commandMessages (send) itself",
          ms(percentile(command, 50)),
          ms(percentile(command, 95)),
          ms(Math.max(...command)),
          "",
          "",
        ],
        [
          "publish on A → broadcast on B (the bus)",
          ms(percentile(hop, 50)),
          ms(percentile(hop, 95)),
          ms(Math.max(...hop)),
          "",
          "",
        ],
      ],
    );
    return [
      {
        figure: deliveryFigure,
        measured:
          `p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(max)}` + (missed ? `, ${missed} missed` : ""),
        goal: `p95 ≤ ${deliveryGoalMs} ms`,
        met: missed === 0 && atMost(p95, deliveryGoalMs),
      },
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    for (const { hub, server, pubsub } of instances) {
      await hub.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pubsub.close();
    }
    await databaseB.close();
  }
}

/**
 * Returns its figures rather than recording them: loaded through Vite's module runner, this
 * module has its own copy of report.ts, whose records run.ts's summary never sees.
 */
export async function benchCommunity({ print }: { print: Print }): Promise<Figure[]> {
  const figures: Figure[] = [];
  if (backends.includes("pglite")) {
    const dataDir = tempDataDir("bench-community");
    // The build's migrated empty data directory when there is one (as a server's first start).
    const template = findPgliteTemplate(PGLITE_TEMPLATES, MIGRATIONS_FOLDER);
    const database = await openDatabase({ kind: "pglite", dataDir, template });
    try {
      await database.migrate(MIGRATIONS_FOLDER);
      await upsertPlanCatalogue(database);
      figures.push(...(await benchFeed(database, "PGlite", print)));
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const adminUrl = postgresAdminUrl();
  if (!adminUrl || !backends.includes("postgres")) {
    const why = adminUrl ? "BENCH_COMMUNITY_BACKENDS leaves PostgreSQL out" : "no PostgreSQL";
    console.log(
      `\nCommunity: message delivery between instances not measured (${why}; ` +
        "set BENCH_DATABASE_URL or TEST_DATABASE_URL).",
    );
    figures.push({
      figure: deliveryFigure,
      measured: `n/a (${why})`,
      goal: `p95 ≤ ${deliveryGoalMs} ms`,
      met: null,
    });
    return figures;
  }
  const scratch = await scratchPostgres(adminUrl);
  const url = scratch.env.DATABASE_URL;
  try {
    const database = await openDatabase({ kind: "postgres", url });
    try {
      await database.migrate(MIGRATIONS_FOLDER);
      await upsertPlanCatalogue(database);
      figures.push(...(await benchFeed(database, "PostgreSQL", print)));
      if (rounds > 0) figures.push(...(await benchDelivery(database, url, print)));
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
  return figures;
}
