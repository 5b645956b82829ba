// Issue 35's community at scale, written by SQL in bulk (the bench's `community` section): people
// who are members of a site, and one public group with a long feed, its comments, reactions and
// the points its posts earned. Every row follows from its number, so a reader can find post n
// or person i again. Tenant rows go through the account's transaction (row-level security).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Capability } from "~/features/members/capabilities";
import type { Membership, Viewer } from "~/features/members/members.server";
import { findDefaultRole } from "~/features/members/queries.server";
import { memberInvites } from "~/features/members/tables.server";
import type { Database } from "~/platform/db/database.server";
import { createAccount, memberViewer } from "./index";

const yearSeconds = 365 * 86_400;

const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/**
 * `count` people (`${prefix}-1` …, named `${prefix} Person 00001` …) who are members of the
 * account with `roleName`, joined `i` minutes before `now`. Answers their viewers, in order.
 */
export async function seedPeople(
  database: Database,
  {
    accountId,
    count,
    prefix,
    roleName = "student",
    now = new Date(),
  }: { accountId: string; count: number; prefix: string; roleName?: string; now?: Date },
): Promise<Viewer[]> {
  await database.owner.execute(sql`
    insert into users (id, name, email, email_verified)
    select ${prefix} || '-' || i, ${prefix} || ' Person ' || lpad(i::text, 5, '0'),
      ${prefix} || '-' || i || '@example.test', true
    from generate_series(1, ${count}::int) i`);
  return database.forAccount(accountId, async (tx) => {
    await tx.execute(sql`
      insert into members (account_id, user_id, name, slug, email, role_id, created_at)
      select ${accountId}, ${prefix} || '-' || i, ${prefix} || ' Person ' || lpad(i::text, 5, '0'),
        ${prefix} || '-' || i, ${prefix} || '-' || i || '@example.test',
        (select role_id from roles where account_id = ${accountId} and name = ${roleName}),
        ${now.toISOString()}::timestamptz - make_interval(mins => i)
      from generate_series(1, ${count}::int) i`);
    const rows = rowsOf<{
      id: string;
      user_id: string;
      name: string;
      slug: string;
      email: string;
      role: string;
      caps: string[];
    }>(
      await tx.execute(sql`
        select m.id, m.user_id, m.name, m.slug, m.email, r.name as role, r.caps
        from members m join roles r on r.account_id = m.account_id and r.role_id = m.role_id
        where m.account_id = ${accountId} and m.user_id like ${`${prefix}-%`}
        order by m.created_at desc`),
    );
    return rows.map((row): Viewer => {
      const membership: Membership = {
        memberId: row.id,
        accountId,
        name: row.name,
        slug: row.slug,
        email: row.email,
        avatar: null,
        role: row.role,
        caps: row.caps as Capability[],
      };
      return {
        user: { id: row.user_id, name: row.name, email: row.email, image: null },
        membership,
        isSuperAdmin: false,
      };
    });
  });
}

/**
 * One public, open group (`slug`) whose members are the people `${prefix}-1` … `${prefix}-people`
 * (seeded before, see `seedPeople`), with `posts` posts: post n (`<p>Post n</p>`) by person
 * `n % people + 1`, written `n` × (a year / posts) before `now` (to the millisecond), so post 1 is
 * the newest and the feed spans a year. Posts 50, 5 000 and 50 000 are pinned; every 1 000th is
 * hidden. The newest `recent` posts have three comments and five reactions each. Every post
 * earned its author 5 points (`group_post`) in the ledger, at the post's time. Person i last read
 * the group `i` days before `now`.
 */
export async function seedGroupFeed(
  database: Database,
  {
    accountId,
    prefix,
    people,
    posts,
    slug,
    recent = 2_000,
    now = new Date(),
  }: {
    accountId: string;
    prefix: string;
    people: number;
    posts: number;
    slug: string;
    recent?: number;
    now?: Date;
  },
): Promise<{ groupId: string }> {
  const at = now.toISOString();
  const step = yearSeconds / posts;
  return database.forAccount(accountId, async (tx) => {
    const [group] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into groups (account_id, name, slug, description, privacy, access_kind, created_by, created_at)
        values (${accountId}, ${`${slug} hall`}, ${slug}, 'Everyone talks here.', 'public', 'open',
          ${`${prefix}-1`}, ${at}::timestamptz - interval '400 days')
        returning id`),
    );
    const groupId = group!.id;
    await tx.execute(sql`
      insert into group_members (account_id, group_id, user_id, role, status, joined_at, last_read_at)
      select ${accountId}, ${groupId}, ${prefix} || '-' || i, 'member', 'active',
        ${at}::timestamptz - interval '400 days', ${at}::timestamptz - make_interval(days => i)
      from generate_series(1, ${people}::int) i`);
    await tx.execute(sql`
      insert into group_posts (account_id, group_id, author_id, body, pinned_at, hidden_at,
        created_at, updated_at)
      select ${accountId}, ${groupId}, ${prefix} || '-' || (n % ${people}::int + 1),
        '<p>Post ' || n || '</p>',
        case when n in (50, 5000, 50000) then t end,
        case when n % 1000 = 0 then t end,
        t, t
      from generate_series(1, ${posts}::int) n,
        lateral (select date_trunc('milliseconds',
          ${at}::timestamptz - make_interval(secs => n * ${step}::float8)) as t) v`);
    // The newest posts' comments and reactions, by the people after the author.
    await tx.execute(sql`
      insert into group_comments (account_id, post_id, author_id, body, created_at)
      select p.account_id, p.id, ${prefix} || '-' || ((n + k) % ${people}::int + 1),
        'Comment ' || k || ' on post ' || n, p.created_at + make_interval(mins => k)
      from (select *, row_number() over (order by created_at desc) as n from group_posts
            where account_id = ${accountId} and group_id = ${groupId}
            order by created_at desc limit ${recent}::int) p
      cross join generate_series(1, 3) k`);
    await tx.execute(sql`
      insert into group_reactions (account_id, post_id, target_id, user_id, kind, created_at)
      select p.account_id, p.id, p.id, ${prefix} || '-' || ((n + k * 7) % ${people}::int + 1),
        (array['like', 'love', 'celebrate', 'insightful'])[k % 4 + 1],
        p.created_at + make_interval(mins => k)
      from (select *, row_number() over (order by created_at desc) as n from group_posts
            where account_id = ${accountId} and group_id = ${groupId}
            order by created_at desc limit ${recent}::int) p
      cross join generate_series(1, 5) k`);
    await tx.execute(sql`
      insert into points_ledger (account_id, user_id, points, reason, source_id, group_id, created_at)
      select account_id, author_id, 5, 'group_post', id, group_id, created_at
      from group_posts where account_id = ${accountId} and group_id = ${groupId}`);
    return { groupId };
  });
}

/** A new site with its owner (manage_options) and two students, as community tests start. */
export async function ownerAndStudents(database: Database) {
  const { accountId } = await createAccount(database);
  const student = () => memberViewer(database, { accountId, roleName: "student", caps: [] });
  return {
    accountId,
    owner: await memberViewer(database, {
      accountId,
      roleName: "site_owner",
      caps: ["manage_options"],
    }),
    ann: await student(),
    bob: await student(),
  };
}

/** An invitation with the site's default role (member_invites), for the isolation matrix. */
export async function createInviteRow(database: Database, { accountId }: { accountId: string }) {
  await database.forAccount(accountId, async (tx) => {
    const role = await findDefaultRole(tx, accountId);
    await tx.insert(memberInvites).values({
      accountId,
      email: `invitee-${randomUUID()}@example.test`,
      roleId: role!.roleId,
    });
  });
}
