import { and, eq, isNull } from "drizzle-orm";
import { siteNameOf, siteOrigin } from "~/features/accounts/accounts";
import { accounts } from "~/features/accounts/tables.server";
import { emitDomainEvent, emitDomainEvents } from "~/features/events/events.server";
import {
  captureContact,
  contactIs,
  logConsent,
  type ConsentProof,
} from "~/features/contacts/contacts.server";
import { contacts } from "~/features/contacts/tables.server";
import type { ContactStatus } from "~/features/contacts/contacts";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Mailer } from "~/platform/mail/mail.server";
import { renderMail } from "~/platform/mail/templates.server";
import type { SecretBox } from "~/platform/secret-box.server";
import {
  checkAnswers,
  emailFieldOf,
  MIN_FILL_MS,
  SPAM_FIELDS,
  type AnswerIssue,
  type FormField,
} from "./form-shapes";
import { storedForm } from "./form-records.server";
import { formSubmissions } from "./tables.server";

/** Sends a double opt-in answer's confirmation link (its data: accountId, submissionId). */
export const FORM_CONFIRM_MAIL_JOB = "forms.confirmMail";

export type JobSender = {
  send(
    tx: Tx,
    name: string,
    data: Record<string, unknown>,
    options?: { singletonKey?: string },
  ): Promise<void>;
};

const stampContext = (accountId: string, formId: string) => `form-stamp:${accountId}:${formId}`;
const confirmContext = (accountId: string) => `form-confirm:${accountId}`;

/**
 * What a rendered form carries in its hidden `_stamp`: when it was rendered, signed for this form.
 * A cached page's stamp is older than its visitor's arrival, which only makes the check lenient.
 */
export function formStamp(
  secretBox: SecretBox,
  {
    accountId,
    formId,
    now = Date.now(),
  }: {
    accountId: string;
    formId: string;
    now?: number;
  },
): string {
  return `${now}.${secretBox.sign(String(now), stampContext(accountId, formId))}`;
}

/** Whether the stamp is this server's for this form and its form was on screen long enough. */
function stampHolds(
  secretBox: SecretBox,
  stamp: string,
  place: { accountId: string; formId: string },
  now: number,
) {
  const [time = "", signature = ""] = stamp.split(".");
  if (!/^\d{10,16}$/.test(time)) return false;
  if (!secretBox.verify(time, stampContext(place.accountId, place.formId), signature)) return false;
  return now - Number(time) >= MIN_FILL_MS;
}

/** The signed part of a confirmation link: the answer's id, signed for its site. */
export const confirmSignature = (secretBox: SecretBox, accountId: string, submissionId: string) =>
  secretBox.sign(submissionId, confirmContext(accountId));

export type Submitted =
  | { ok: true; successMessage: string; redirectUrl: string; confirmBy: "mail" | null }
  | { ok: false; reason: "closed" | "stamp" }
  | { ok: false; reason: "answers"; issues: AnswerIssue[] };

type Visit = { pageUrl: string; ip: string; userAgent: string };

/**
 * What the person agreed to: the words of each consent box they ticked; on a form without a
 * consent box, sending it is the agreement, in the form's own words.
 */
function consentOf(
  form: { name: string; submitLabel: string },
  fields: readonly FormField[],
  answers: Record<string, unknown>,
) {
  const boxes = fields.filter((field) => field.type === "consent");
  if (boxes.length === 0)
    return { given: true, wording: [form.name, form.submitLabel].filter(Boolean).join(" — ") };
  const ticked = boxes.filter((field) => answers[field.name] === true);
  return { given: ticked.length > 0, wording: ticked.map((field) => field.label).join("\n") };
}

/** The answers a contact keeps as custom fields: short single values, never the address or boxes. */
function contactFieldsOf(fields: readonly FormField[], answers: Record<string, unknown>) {
  const kept: Record<string, string> = {};
  for (const field of fields) {
    const value = answers[field.name];
    if (typeof value !== "string" || field.type === "email" || field.type === "textarea") continue;
    if (field.name === "name") continue;
    kept[field.name] = value.slice(0, 500);
  }
  return kept;
}

/**
 * One visitor's answers to a form: checked against robots (the honeypot answers as if it worked
 * and keeps nothing) and against the form's rules, then in one transaction the contact is made
 * or brought up to date, the answer kept, and a double opt-in's confirmation mail queued.
 * `raw` is the posted body by field name; its spam fields are SPAM_FIELDS.
 */
export async function submitForm(
  { database, secretBox, jobs }: { database: Database; secretBox: SecretBox; jobs: JobSender },
  {
    accountId,
    formId,
    raw,
    visit,
    countryCodes,
    linkOrigin,
    now = new Date(),
  }: {
    accountId: string;
    formId: string;
    raw: Record<string, string | string[] | undefined>;
    visit: Visit;
    countryCodes: ReadonlySet<string>;
    /** Where the confirmation link points: the site's canonical origin as this request shows it. */
    linkOrigin?: string;
    now?: Date;
  },
): Promise<Submitted> {
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value) ?? "";
  return database.forAccount(accountId, async (tx) => {
    const form = await storedForm(tx, { accountId, id: formId });
    if (!form) throw new AppError({ code: "route.notFound" });
    if (form.status !== "active") return { ok: false, reason: "closed" };
    const done = {
      ok: true as const,
      successMessage: form.successMessage,
      redirectUrl: form.redirectUrl,
    };
    if (first(raw[SPAM_FIELDS.honeypot]) !== "") return { ...done, confirmBy: null };
    if (!stampHolds(secretBox, first(raw[SPAM_FIELDS.stamp]), { accountId, formId }, now.getTime()))
      return { ok: false, reason: "stamp" };
    const { answers, issues } = checkAnswers(form.fields, raw, { countryCodes });
    const email = answers[emailFieldOf(form.fields)?.name ?? ""];
    if (typeof email !== "string" && !issues.length)
      issues.push({ field: emailFieldOf(form.fields)?.name ?? "email", origin: "required" });
    if (issues.length || typeof email !== "string") return { ok: false, reason: "answers", issues };

    const consent = consentOf(form, form.fields, answers);
    const proof: ConsentProof = {
      wording: consent.wording,
      origin: `form:${form.id}`,
      ...visit,
    };
    const wanted: ContactStatus = !consent.given
      ? "unsubscribed"
      : form.doubleOptIn
        ? "unconfirmed"
        : "subscribed";
    const { contact, created } = await captureContact(tx, {
      accountId,
      email,
      name: typeof answers.name === "string" ? answers.name : "",
      source: "form",
      status: wanted,
      tags: form.tags,
      fields: contactFieldsOf(form.fields, answers),
      proof,
      now,
    });
    let status = contact.status;
    // An existing contact who agrees again: subscribed again (or asked to confirm), in the log.
    if (!created && consent.given && (status === "unsubscribed" || status === "unconfirmed")) {
      status = form.doubleOptIn ? "unconfirmed" : "subscribed";
      await tx
        .update(contacts)
        .set({ status, updatedAt: now })
        .where(contactIs(accountId, contact.id));
      if (status === "subscribed")
        await logConsent(tx, {
          accountId,
          contactId: contact.id,
          action: contact.status === "unsubscribed" ? "resubscribe" : "subscribe",
          proof,
          now,
        });
    }
    const [submission] = await tx
      .insert(formSubmissions)
      .values({
        accountId,
        formId: form.id,
        contactId: contact.id,
        email,
        values: answers,
        ...visit,
        consentWording: consent.given ? consent.wording : "",
        createdAt: now,
      })
      .returning({ id: formSubmissions.id });
    await emitDomainEvents(
      tx,
      accountId,
      [
        { type: "form.submitted", contactId: contact.id, email, data: { formId: form.id } },
        // Subscribed again here (a new contact's subscription is told where it was made).
        ...(!created && status === "subscribed" && contact.status !== "subscribed"
          ? [{ type: "contact.subscribed" as const, contactId: contact.id }]
          : []),
      ],
      now,
    );
    const confirmBy = consent.given && status === "unconfirmed" ? ("mail" as const) : null;
    if (confirmBy)
      await jobs.send(
        tx,
        FORM_CONFIRM_MAIL_JOB,
        { accountId, submissionId: submission!.id, ...(linkOrigin ? { origin: linkOrigin } : {}) },
        { singletonKey: submission!.id },
      );
    return { ...done, confirmBy };
  });
}

/** The answer a confirmation link names, if its signature holds. */
export async function confirmationFor(
  { database, secretBox }: { database: Database; secretBox: SecretBox },
  {
    accountId,
    submissionId,
    signature,
  }: { accountId: string; submissionId: string; signature: string },
) {
  if (!/^[0-9a-f-]{36}$/i.test(submissionId)) return null;
  if (!secretBox.verify(submissionId, confirmContext(accountId), signature)) return null;
  const [row] = await database.forAccount(accountId, (tx) =>
    tx
      .select({
        id: formSubmissions.id,
        email: formSubmissions.email,
        confirmedAt: formSubmissions.confirmedAt,
      })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.accountId, accountId), eq(formSubmissions.id, submissionId))),
  );
  return row ?? null;
}

/**
 * The person follows their confirmation link and presses the button: the contact is subscribed,
 * with the words they agreed to on the form and this confirmation's address and time in the
 * consent log. A second press changes nothing.
 */
export async function confirmSubscription(
  deps: { database: Database; secretBox: SecretBox },
  {
    accountId,
    submissionId,
    signature,
    visit,
    now = new Date(),
  }: {
    accountId: string;
    submissionId: string;
    signature: string;
    visit: Omit<Visit, "pageUrl">;
    now?: Date;
  },
): Promise<"confirmed" | "already" | "invalid"> {
  const found = await confirmationFor(deps, { accountId, submissionId, signature });
  if (!found) return "invalid";
  return deps.database.forAccount(accountId, async (tx) => {
    const [claimed] = await tx
      .update(formSubmissions)
      .set({ confirmedAt: now })
      .where(
        and(
          eq(formSubmissions.accountId, accountId),
          eq(formSubmissions.id, submissionId),
          // Claimed once: two presses at the same moment log one confirmation.
          isNull(formSubmissions.confirmedAt),
        ),
      )
      .returning();
    if (!claimed) return "already";
    if (!claimed.contactId) return "confirmed";
    await tx
      .update(contacts)
      .set({ status: "subscribed", updatedAt: now, lastActivityAt: now })
      .where(contactIs(accountId, claimed.contactId));
    await logConsent(tx, {
      accountId,
      contactId: claimed.contactId,
      action: "confirm",
      proof: {
        wording: claimed.consentWording,
        origin: `form:${claimed.formId}`,
        pageUrl: claimed.pageUrl,
        ...visit,
      },
      now,
    });
    await emitDomainEvent(
      tx,
      accountId,
      { type: "contact.subscribed", contactId: claimed.contactId },
      now,
    );
    return "confirmed";
  });
}

/** Where a site lives when no request tells it (a job): its domain, else `{slug}.{base}`. */
type SiteAddress = { baseDomain: string; like: string };

/**
 * The `forms.confirmMail` job: the confirmation link of one double opt-in answer, to its
 * address, in the site's language. Nothing is sent for an answer already confirmed or gone.
 */
export async function sendConfirmMail(
  {
    database,
    mailer,
    secretBox,
    siteAddress,
  }: { database: Database; mailer: Mailer; secretBox: SecretBox; siteAddress: SiteAddress },
  {
    accountId,
    submissionId,
    origin: asked,
  }: { accountId: string; submissionId: string; origin?: string },
): Promise<boolean> {
  const found = await database.forAccount(accountId, async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.accountId, accountId));
    const [submission] = await tx
      .select({ email: formSubmissions.email, confirmedAt: formSubmissions.confirmedAt })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.accountId, accountId), eq(formSubmissions.id, submissionId)));
    return account && submission && !submission.confirmedAt ? { account, submission } : null;
  });
  if (!found) return false;
  const { account, submission } = found;
  // The origin the answer's request showed (scheme and port included), else the site's own.
  const origin =
    asked && /^https?:\/\/[^/]+$/.test(asked)
      ? asked
      : siteOrigin({
          slug: account.slug,
          domain: account.domain,
          baseDomain: siteAddress.baseDomain,
          like: siteAddress.like,
        });
  const link = new URL("/subscribed", origin);
  link.searchParams.set("s", submissionId);
  link.searchParams.set("sig", confirmSignature(secretBox, accountId, submissionId));
  const mail = renderMail({
    template: "confirmSubscription",
    lang: account.settings.defaultLanguage ?? "en",
    vars: { siteName: siteNameOf(account), url: link.toString() },
  });
  await mailer.send({
    site: new URL(origin).host,
    to: submission.email,
    ...mail,
    accountId,
    template: "confirmSubscription",
  });
  return true;
}
