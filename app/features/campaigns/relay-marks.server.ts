/*
 * Our Message-ID where a relay's webhooks bring it back (decision 055, addendum "marks for the
 * relays that rename a message"). SendGrid's events carry the Message-ID we sent only on
 * delivery events (`smtp-id`), never on a spam report; Postmark's name a message by its own id.
 * Both keep fields of ours that a header sets when the message goes in by SMTP, strip that
 * header, and return the fields on every event: SendGrid's unique arguments (`X-SMTPAPI`) and
 * Postmark's metadata (`X-PM-Metadata-*`). A relay is known by its host name; any other relay
 * gets neither header (null), so no reader's mailbox sees them.
 */

/** SendGrid's unique argument and Postmark's metadata fields that carry a campaign message. */
export const SENDGRID_MARK = "lyceum_message";
export const POSTMARK_MARKS = {
  campaign: "lyceum-campaign",
  contact: "lyceum-contact",
  site: "lyceum-site",
} as const;

type RelayKind = "sendgrid" | "postmark";

const relayKindOf = (host: string): RelayKind | null => {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "sendgrid.net" || name.endsWith(".sendgrid.net")) return "sendgrid";
  if (name === "postmarkapp.com" || name.endsWith(".postmarkapp.com")) return "postmark";
  return null;
};

/** `<c.{campaign}.{contact}@{site}>` → its three parts (no check: ours are made well). */
const partsOf = (messageId: string) => {
  const found = /^<?c\.([^.@]+)\.([^.@]+)@([^>]+)>?$/.exec(messageId);
  return found ? { campaign: found[1]!, contact: found[2]!, site: found[3]! } : null;
};

/**
 * The headers a campaign message takes for the relay at `relayHost`. Postmark keeps a field of
 * at most 80 characters, so its mark is the Message-ID's three parts, each one field.
 */
export function relayMarksFor(
  relayHost: string,
): ((messageId: string) => Record<string, string>) | null {
  const kind = relayKindOf(relayHost);
  if (kind === "sendgrid")
    return (messageId) => ({
      "X-SMTPAPI": JSON.stringify({ unique_args: { [SENDGRID_MARK]: messageId } }),
    });
  if (kind === "postmark")
    return (messageId) => {
      const parts = partsOf(messageId);
      if (!parts) return {};
      return Object.fromEntries(
        Object.entries(POSTMARK_MARKS).map(([part, field]) => [
          `X-PM-Metadata-${field}`,
          parts[part as keyof typeof parts],
        ]),
      );
    };
  return null;
}

/**
 * The Message-ID that Postmark's `Metadata` of an event carries, as our marks set it. A field's
 * name is read in any case: a header's name is case-insensitive, and mailers rewrite it
 * (nodemailer sends `X-Pm-Metadata-Lyceum-Site`).
 */
export function messageIdOfPostmark(metadata: Record<string, unknown> | undefined): string {
  const fields = new Map(
    Object.entries(metadata ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const field = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" ? value.slice(0, 300) : "";
  };
  const campaign = field(POSTMARK_MARKS.campaign);
  const contact = field(POSTMARK_MARKS.contact);
  const site = field(POSTMARK_MARKS.site);
  return campaign && contact && site ? `<c.${campaign}.${contact}@${site}>` : "";
}
