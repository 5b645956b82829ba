/**
 * What happens to each row of a site that names a member who deletes their account there
 * (decision 082). Every column of a site's tables that can name a person is listed here — a
 * test reads the catalogue and fails when a migration adds one this list does not settle.
 *
 * - `delete`: the row is theirs (their learning, their community writing, their marketing
 *   record) and goes.
 * - `anonymise`: the row is the site's record of something that happened (an order, an
 *   affiliate's commissions, an audit entry, a campaign's statistics) and stays, naming the
 *   site's "Deleted member" in their place: a person of their own, with no sign-in.
 * - `forget`: a reference a member of staff leaves on the site's content; emptied.
 *
 * Rules run in this order: rows that reference rows deleted later come first.
 */
export type ErasureRule = {
  table: string;
  action: "delete" | "anonymise" | "forget";
  /** Columns holding the person's id. */
  ids: string[];
  /** Columns holding their e-mail address (compared without case). */
  emails?: string[];
  /** Columns holding their name (set to the deleted member's name when anonymised). */
  names?: string[];
  /** Other personal columns of an anonymised row, emptied. */
  blank?: string[];
};

export const ERASURE_RULES: readonly ErasureRule[] = [
  // Kept as the site's records.
  { table: "orders", action: "anonymise", ids: ["user_id"], emails: ["email"] },
  { table: "subscriptions", action: "anonymise", ids: ["user_id"] },
  { table: "coupon_redemptions", action: "anonymise", ids: ["user_id"] },
  {
    table: "affiliates",
    action: "anonymise",
    ids: ["user_id"],
    emails: ["email"],
    names: ["name"],
    blank: ["payout_details"],
  },
  { table: "affiliate_sign_ups", action: "anonymise", ids: ["user_id"] },
  { table: "usage_active_users", action: "anonymise", ids: ["user_id"] },
  { table: "audit_log", action: "anonymise", ids: ["actor_id"], emails: ["actor_email"] },
  {
    table: "campaign_recipients",
    action: "anonymise",
    ids: [],
    emails: ["email"],
    names: ["name"],
  },
  { table: "content_reports", action: "anonymise", ids: ["reporter_id"] },
  // References staff leave on content (a member who may delete their account has none).
  { table: "media", action: "forget", ids: ["owner_id"] },
  { table: "conversations", action: "forget", ids: ["created_by"] },
  { table: "groups", action: "forget", ids: ["created_by"] },
  { table: "content_revisions", action: "forget", ids: ["author_id"] },
  { table: "courses", action: "forget", ids: ["author_id"] },
  { table: "pages", action: "forget", ids: ["author_id"] },
  { table: "posts", action: "forget", ids: ["author_id"] },
  { table: "quizzes", action: "forget", ids: ["author_id"] },
  { table: "quiz_attempts", action: "forget", ids: ["graded_by"] },
  { table: "content_reports", action: "forget", ids: ["resolved_by"] },
  { table: "support_tickets", action: "forget", ids: ["assignee_id"] },
  { table: "account_exports", action: "forget", ids: ["requested_by"] },
  // Theirs: deleted (form answers before the contact they belong to).
  { table: "form_submissions", action: "delete", ids: [], emails: ["email"] },
  { table: "contacts", action: "delete", ids: ["user_id"], emails: ["email"] },
  { table: "member_invites", action: "delete", ids: [], emails: ["email"] },
  { table: "domain_events", action: "delete", ids: ["user_id"], emails: ["email"] },
  // The calls that carried their events to the site's webhooks (decision 085).
  { table: "webhook_deliveries", action: "delete", ids: ["user_id"], emails: ["email"] },
  // Their API keys act as them: they go with them (decision 086).
  { table: "api_keys", action: "delete", ids: ["created_by"] },
  { table: "group_poll_votes", action: "delete", ids: ["user_id"] },
  { table: "group_reactions", action: "delete", ids: ["user_id"] },
  { table: "group_comments", action: "delete", ids: ["author_id"] },
  { table: "group_posts", action: "delete", ids: ["author_id"] },
  { table: "group_members", action: "delete", ids: ["user_id"] },
  { table: "messages", action: "delete", ids: ["sender_id"] },
  { table: "message_blocks", action: "delete", ids: ["blocker_id", "blocked_id"] },
  { table: "conversation_members", action: "delete", ids: ["user_id"] },
  { table: "post_comments", action: "delete", ids: ["author_id"] },
  { table: "ticket_replies", action: "delete", ids: ["author_id"] },
  { table: "support_tickets", action: "delete", ids: ["opened_by"] },
  { table: "quiz_attempts", action: "delete", ids: ["user_id"] },
  { table: "lesson_progress", action: "delete", ids: ["user_id"] },
  { table: "lesson_notes", action: "delete", ids: ["user_id"] },
  { table: "points_ledger", action: "delete", ids: ["user_id"] },
  { table: "certificates", action: "delete", ids: ["user_id"] },
  { table: "enrolments", action: "delete", ids: ["user_id"] },
  { table: "member_memberships", action: "delete", ids: ["user_id"] },
  { table: "member_notifications", action: "delete", ids: ["user_id"] },
  { table: "parent_links", action: "delete", ids: ["parent_user_id", "student_user_id"] },
  { table: "bookings", action: "delete", ids: ["booker_user_id", "host_user_id"] },
  { table: "availabilities", action: "delete", ids: ["user_id"] },
  { table: "appointment_types", action: "delete", ids: ["host_user_id"] },
  { table: "meeting_rooms", action: "delete", ids: ["host_user_id"] },
  { table: "course_instructors", action: "delete", ids: ["user_id"] },
  // Last: the membership every reference above hangs on.
  { table: "members", action: "delete", ids: ["user_id"], emails: ["email"] },
];

/**
 * Column names that name a person wherever they appear; with the catalogue's references to
 * `users` and to members, what the coverage test holds this list against.
 */
export const PERSON_COLUMN =
  /^(email|actor_email|user_id|\w+_user_id|author_id|sender_id|owner_id|created_by|requested_by|resolved_by|graded_by|actor_id|opened_by|assignee_id|reporter_id|blocker_id|blocked_id)$/;
