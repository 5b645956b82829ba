import { z } from "zod";
import { domainPattern } from "~/platform/patterns";

/**
 * A custom domain as the owner types it: trimmed, lower-cased, a trailing dot dropped, and of
 * the domain pattern (spec §5 V1). Whether it is the platform's own or another site's is the
 * server's check.
 */
export const customDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ""))
  .pipe(z.string().min(1).max(253).regex(domainPattern));

/** The owner's domain commands on /dashboard/app. */
export const domainCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("domain.claim"), domain: z.string().max(300) }),
  z.object({ intent: z.literal("domain.verify") }),
  z.object({ intent: z.literal("domain.cancel") }),
  z.object({ intent: z.literal("domain.remove") }),
]);
export type DomainCommand = z.infer<typeof domainCommandSchema>;

/** The TXT record that proves a domain is the owner's: its name… */
export const domainRecordName = (domain: string) => `_lyceum-verify.${domain}`;
/** …and its value. */
export const domainRecordValue = (token: string) => `lyceum-verify=${token}`;

/** Where a site's custom domain stands, as the app screen shows it. */
export type DomainState = {
  /** The verified domain the site answers at, if any. */
  domain: string | null;
  /** A domain asked for and not verified yet, with the record to add. */
  claim: {
    domain: string;
    recordName: string;
    recordValue: string;
    requestedAt: string;
  } | null;
};
