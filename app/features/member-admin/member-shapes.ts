import { z } from "zod";
import type { FieldIssue } from "~/platform/field-issues";
import { emailPattern } from "~/platform/patterns";

/**
 * Issue 35 the owner's Members screen, on both sides of the wire: the list's filters, what the
 * list and a member's page read, and the commands both screens send.
 */
export const MEMBERS_PATH = "/dashboard/manage/users";
export const MEMBER_PATH = "/dashboard/manage/user";
export const MEMBERS_CSV_PATH = "/dashboard/manage/users.csv";
export const MEMBERS_PAGE_SIZE = 50;
/** At most this many members in one CSV file; a bigger site narrows its filters. */
export const MEMBERS_CSV_LIMIT = 50_000;
/** At most this many addresses in one invitation. */
export const INVITE_MAX = 20;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many waiting invitations on the Members screen, newest first. */
export const INVITES_SHOWN = 200;
/** The role every site has whose holders own it; a site never stays without an active one. */
export const OWNER_ROLE = "site_owner";

export const memberStatuses = ["active", "suspended"] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** Last seen within 7, 30 or 90 days, or no session on record. */
export const seenWindows = ["7d", "30d", "90d", "never"] as const;
export type SeenWindow = (typeof seenWindows)[number];
export const seenDays: Record<Exclude<SeenWindow, "never">, number> = {
  "7d": 7,
  "30d": 30,
  "90d": 90,
};

const optionalId = z.uuid().nullable().catch(null);

/**
 * The list's filters from the address. Anything that does not read as a filter is dropped (an
 * old bookmark, a hand-typed address): the list answers, never an error.
 */
export const memberListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  role: z.string().trim().min(1).max(64).nullable().catch(null),
  course: optionalId,
  membership: optionalId,
  group: optionalId,
  status: z.enum(memberStatuses).nullable().catch(null),
  seen: z.enum(seenWindows).nullable().catch(null),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type MemberListQuery = z.output<typeof memberListQuerySchema>;

/** The filters of a query string (`?q=…&role=…`). */
export function memberListQueryOf(search: URLSearchParams): MemberListQuery {
  const value = (key: string) => search.get(key) || null;
  return memberListQuerySchema.parse({
    q: search.get("q") ?? "",
    role: value("role"),
    course: value("course"),
    membership: value("membership"),
    group: value("group"),
    status: value("status"),
    seen: value("seen"),
    page: search.get("page") ?? 1,
  });
}

/** The same filters as a query string, the page left out (the CSV's link). */
export function memberFilterSearch(query: MemberListQuery): string {
  const entries = Object.entries(query).flatMap(([key, value]) =>
    key !== "page" && value !== null && value !== "" ? [[key, String(value)]] : [],
  );
  return new URLSearchParams(entries).toString();
}

/** One row of the list (and of the CSV). */
export type MemberRow = {
  userId: string;
  name: string;
  email: string;
  avatar: string | null;
  role: string;
  joinedAt: string;
  /** The newest activity of a session on this site still on record, or null. */
  lastSeenAt: string | null;
  suspended: boolean;
};

export type MemberListOptions = {
  roles: { name: string; count: number }[];
  courses: { id: string; title: string }[];
  memberships: { id: string; title: string }[];
  groups: { id: string; title: string }[];
};

export type MemberList = {
  rows: MemberRow[];
  /** Members matching the filters. */
  total: number;
  page: number;
  pageSize: number;
  query: MemberListQuery;
  /** Every member of the site, and how many of them are suspended. */
  counts: { all: number; suspended: number };
  options: MemberListOptions;
};

/** A member's page: who they are, where they stand, and what removing them would take. */
export type MemberDetail = {
  userId: string;
  name: string;
  email: string;
  slug: string;
  avatar: string | null;
  role: string;
  joinedAt: string;
  lastSeenAt: string | null;
  suspendedAt: string | null;
  points: number;
  courses: {
    id: string;
    title: string;
    status: string;
    progress: number;
    enrolledAt: string;
    completedAt: string | null;
  }[];
  memberships: { id: string; title: string; status: string; expiresAt: string | null }[];
  groups: { id: string; title: string; slug: string; role: string; status: string }[];
  /** What a removal deletes or is refused for (the confirmation says so). */
  records: { orders: number; certificates: number; quizAttempts: number };
  /** The viewer themselves: their own role, suspension and removal are not theirs to change. */
  self: boolean;
  /** The only active owner of the site: never demoted, suspended or removed. */
  lastOwner: boolean;
  /** The viewer may change this member's place (an owner's is for owners only). */
  mayTouch: boolean;
  /** The viewer owns the site: they may make owners. */
  viewerOwns: boolean;
};

/** Every role of the site, for the role select. */
export type RoleChoice = { name: string };

const userId = z.string().trim().min(1).max(100);
const email = z.string().trim().toLowerCase().max(254).regex(emailPattern);

/** The Members screens' commands: one JSON body naming its `intent`. */
export const memberCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("setRole"), userId, role: z.string().trim().min(1).max(64) }),
  z.object({ intent: z.literal("suspend"), userId }),
  z.object({ intent: z.literal("reinstate"), userId }),
  z.object({ intent: z.literal("remove"), userId }),
  z.object({
    intent: z.literal("invite"),
    emails: z.array(email).min(1).max(INVITE_MAX),
    /** The role they join with (decision 072); the site's default role without it. */
    role: z.string().trim().min(1).max(64).optional(),
  }),
  z.object({ intent: z.literal("revokeInvite"), email }),
]);
export type MemberCommand = z.infer<typeof memberCommandSchema>;

export type MemberAnswer =
  | {
      ok: true;
      intent: MemberCommand["intent"];
      /** Invitations: the addresses mailed, and those that were members already. */
      invited?: string[];
      already?: string[];
    }
  | { ok: false; code: string; issues?: FieldIssue[] };

/** An invitation not yet taken up (decision 074), newest first on the Members screen. */
export type InviteRow = {
  email: string;
  /** The role they will join with; null: the site's default role. */
  role: string | null;
  invitedAt: string;
  /** When its role stops holding (INVITE_DAYS after it was sent). */
  expiresAt: string;
  expired: boolean;
};

/** Addresses as typed in the invitation's box: split on commas, semicolons, spaces and lines. */
export function splitAddresses(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
