import { z } from "zod";
import type { FieldIssue } from "~/platform/field-issues";
import { linkUrlSchema, slugSchema } from "~/platform/safe-value-schemas";
import { reportReasonSchema, type OpenReport } from "~/features/moderation/moderation";

/**
 * Issue 35 groups (decision 064), on both sides of the wire: who may see a group, what a member
 * may do in it, the commands of the groups screens and what those screens read.
 */
export const groupPrivacies = ["public", "private", "hidden"] as const;
export type GroupPrivacy = (typeof groupPrivacies)[number];

/** A group may be tied to a course or a membership: whoever has that access may join at once. */
export const groupAccessKinds = ["open", "course", "membership"] as const;
export type GroupAccessKind = (typeof groupAccessKinds)[number];

export const groupRoles = ["member", "moderator"] as const;
export type GroupRole = (typeof groupRoles)[number];

/** `requested`: asked to join a private group; `banned`: a moderator put them out for good. */
export const groupMemberStatuses = ["active", "requested", "banned"] as const;
export type GroupMemberStatus = (typeof groupMemberStatuses)[number];

export const reactionKinds = ["like", "love", "celebrate", "insightful"] as const;
export type ReactionKind = (typeof reactionKinds)[number];

export const GROUPS_PATH = "/dashboard/groups";
/** A page of the feed: newest first, pinned posts on the first page above the rest. */
export const FEED_PAGE_SIZE = 20;
export const POST_MAX_LENGTH = 20_000;
export const COMMENT_MAX_LENGTH = 4_000;
/** The composer suggests at most this many members to mention (a large group types on). */
export const MENTIONABLE_MAX = 500;

const text = (max: number) => z.string().trim().max(max);

/** A poll under a post (decision 069): two to ten options, one answer or several. */
export const POLL_OPTIONS_MAX = 10;
export const pollInputSchema = z
  .object({
    options: z.array(text(200).min(1)).min(2).max(POLL_OPTIONS_MAX),
    multiple: z.boolean().default(false),
  })
  .superRefine((poll, context) => {
    const seen = new Set<string>();
    poll.options.forEach((option, index) => {
      const key = option.toLocaleLowerCase();
      if (seen.has(key))
        context.addIssue({
          code: "custom",
          path: ["options", index],
          params: { origin: "unique" },
        });
      seen.add(key);
    });
  });
/** A poll as it is kept: each option with an id of its own. */
export type PollSpec = { options: { id: string; label: string }[]; multiple: boolean };

export const groupInputSchema = z
  .object({
    name: text(120).min(1),
    slug: slugSchema,
    description: text(2000).default(""),
    rules: text(4000).default(""),
    // A picture of the media library or an http(s) address: nothing a browser would run.
    cover: z.union([z.literal(""), linkUrlSchema]).default(""),
    privacy: z.enum(groupPrivacies).default("public"),
    accessKind: z.enum(groupAccessKinds).default("open"),
    accessId: z.uuid().nullable().default(null),
  })
  .superRefine((group, context) => {
    if (group.accessKind !== "open" && !group.accessId)
      context.addIssue({ code: "custom", path: ["accessId"], params: { origin: "required" } });
  });
export type GroupInput = z.input<typeof groupInputSchema>;

const id = z.uuid();

/** The groups screens' commands: one JSON body naming its `intent`. */
export const groupCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), group: z.unknown() }),
  z.object({ intent: z.literal("update"), groupId: id, group: z.unknown() }),
  z.object({ intent: z.literal("delete"), groupId: id }),
  z.object({ intent: z.literal("join"), groupId: id }),
  z.object({ intent: z.literal("leave"), groupId: id }),
  z.object({
    intent: z.literal("decide"),
    groupId: id,
    userId: z.string().min(1).max(100),
    decision: z.enum(["approve", "reject", "ban", "unban", "moderator", "member"]),
  }),
  z.object({
    intent: z.literal("post"),
    groupId: id,
    body: text(POST_MAX_LENGTH).min(1),
    poll: pollInputSchema.nullable().default(null),
  }),
  z.object({
    intent: z.literal("vote"),
    postId: id,
    /** The options chosen; none takes the answer back. */
    optionIds: z.array(z.string().min(1).max(20)).max(POLL_OPTIONS_MAX),
  }),
  z.object({
    intent: z.literal("comment"),
    postId: id,
    parentId: id.nullable().default(null),
    body: text(COMMENT_MAX_LENGTH).min(1),
  }),
  z.object({
    intent: z.literal("react"),
    postId: id,
    commentId: id.nullable().default(null),
    kind: z.enum(reactionKinds).nullable(),
  }),
  z.object({ intent: z.literal("pin"), postId: id, pinned: z.boolean() }),
  z.object({ intent: z.literal("closeComments"), postId: id, closed: z.boolean() }),
  z.object({
    intent: z.literal("hide"),
    postId: id,
    commentId: id.nullable().default(null),
    hidden: z.boolean(),
  }),
  z.object({ intent: z.literal("markRead"), groupId: id }),
  z.object({
    intent: z.literal("report"),
    postId: id,
    commentId: id.nullable().default(null),
    reason: reportReasonSchema,
  }),
  z.object({
    intent: z.literal("dismissReport"),
    postId: id,
    commentId: id.nullable().default(null),
  }),
]);
export type GroupCommand = z.infer<typeof groupCommandSchema>;
/** A command as a screen sends it (defaults filled in by the server). */
export type GroupCommandInput = z.input<typeof groupCommandSchema>;

/** A group as its card shows it, with what the viewer is there. */
export type GroupCard = {
  id: string;
  name: string;
  slug: string;
  description: string;
  cover: string;
  privacy: GroupPrivacy;
  accessKind: GroupAccessKind;
  accessId: string | null;
  members: number;
  /** The viewer's place: null when they are not in it. */
  mine: { status: GroupMemberStatus; role: GroupRole } | null;
  /**
   * Posts since the viewer last read the feed (0 when they are not a member); on a group's own
   * page counted up to UNREAD_CAP, as it only asks whether anything is new.
   */
  unread: number;
  /** Whether the viewer may join at once (open public group, or the access it is tied to). */
  canJoin: boolean;
};

export type PostAuthor = { userId: string; name: string; avatar: string | null };

export type FeedComment = {
  id: string;
  parentId: string | null;
  author: PostAuthor;
  /** Plain text (the server keeps no markup): the screens show it as written, never as HTML. */
  body: string;
  createdAt: string;
  hidden: boolean;
  reactions: Partial<Record<ReactionKind, number>>;
  mine: ReactionKind | null;
};

export type FeedPost = {
  id: string;
  author: PostAuthor;
  /** Sanitised HTML. */
  body: string;
  createdAt: string;
  pinned: boolean;
  commentsClosed: boolean;
  hidden: boolean;
  /** Whether the viewer has not seen it yet (newer than their last read). */
  unread: boolean;
  reactions: Partial<Record<ReactionKind, number>>;
  mine: ReactionKind | null;
  comments: FeedComment[];
  poll: PollView | null;
};

/** A poll as the feed shows it: each option's votes, how many answered, the viewer's answer. */
export type PollView = {
  options: { id: string; label: string; votes: number }[];
  multiple: boolean;
  voters: number;
  mine: string[];
  /** Closed with the post's comments: the results stay, no more answers. */
  closed: boolean;
};

export type GroupView = GroupCard & {
  rules: string;
  /** Whether the viewer moderates it (its moderators and the site's managers). */
  moderates: boolean;
  feed: FeedPost[];
  /** The cursor of the next page, or null at the end. */
  next: string | null;
  /** People waiting for a decision (moderators only). */
  requests: PostAuthor[];
  /** Open reports of the group's posts and comments (moderators only). */
  reports: GroupReport[];
  /** Members a writer may name with `@slug` (those who may post; up to MENTIONABLE_MAX). */
  mentionable: (PostAuthor & { slug: string })[];
};

/** A report in a group's moderation queue: what was reported, by how many, and why. */
export type GroupReport = OpenReport & {
  postId: string;
  /** The start of the post's or comment's text. */
  excerpt: string;
  author: PostAuthor;
};

/** What a command answers: done (with the group's id and address, or the viewer's new status), or why not. */
export type GroupAnswer =
  | { ok: true; id?: string; slug?: string; status?: GroupMemberStatus | "left" }
  | { ok: false; code: string; issues?: FieldIssue[] };

/** The courses and memberships a group may be tied to, for the group's settings. */
export type GroupTies = {
  courses: { id: string; title: string }[];
  memberships: { id: string; title: string }[];
};
