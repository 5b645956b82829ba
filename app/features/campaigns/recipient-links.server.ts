import type { SecretBox } from "~/platform/secret-box.server";
import type { RecipientLinks } from "./campaign-render.server";

/*
 * A recipient's own links (unsubscribe, preferences, tracked clicks and the open pixel) carry
 * the campaign, the contact and a signature of both by the server's secret: nothing is stored
 * per message, and a link cannot be turned to another contact.
 */

const CONTEXT = "campaign-recipient";
/** The reader's pages (a person decides there); the machine endpoints live under `/api`. */
export const EMAIL_PAGES_PREFIX = "/email";
export const EMAIL_API_PREFIX = "/api/email";

export function signRecipient(secretBox: SecretBox, campaignId: string, contactId: string) {
  return secretBox.sign(`${campaignId}.${contactId}`, CONTEXT);
}

export function verifyRecipient(
  secretBox: SecretBox,
  {
    campaignId,
    contactId,
    signature,
  }: { campaignId: string; contactId: string; signature: string },
): boolean {
  return secretBox.verify(`${campaignId}.${contactId}`, CONTEXT, signature);
}

export function recipientLinks(
  secretBox: SecretBox,
  {
    origin,
    campaignId,
    contactId,
    tracking,
  }: { origin: string; campaignId: string; contactId: string; tracking: boolean },
): RecipientLinks {
  const own = `${campaignId}/${contactId}/${signRecipient(secretBox, campaignId, contactId)}`;
  const pages = `${origin}${EMAIL_PAGES_PREFIX}`;
  const api = `${origin}${EMAIL_API_PREFIX}`;
  return {
    unsubscribe: `${pages}/unsubscribe/${own}`,
    oneClick: `${api}/unsubscribe/${own}`,
    preferences: `${pages}/preferences/${own}`,
    ...(tracking
      ? {
          click: (index: number) => `${api}/click/${own}/${index}`,
          open: `${api}/open/${own}`,
        }
      : {}),
  };
}
