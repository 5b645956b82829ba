import { createInstance, type TFunction } from "i18next";
import { messagesFor } from "~/platform/i18n/messages.server";
import {
  defaultLanguage,
  isLanguageCode,
  textDirection,
  type LanguageCode,
} from "~/platform/i18n/languages";

export type MailTemplate =
  | "resetPassword"
  | "verifyEmail"
  | "signUpExisting"
  | "confirmEmailChange"
  | "accountReady"
  | "confirmSubscription"
  /** Issue 35: a site's manager invited the address to join (the site's sign-up link). */
  | "memberInvite"
  /** Issue 36: a booking made, cancelled, or moved by a change of time zone rules. */
  | "bookingConfirmed"
  | "bookingCancelled"
  | "bookingMoved"
  /** Issue 36: a booking moved to another time by its booker or host. */
  | "bookingRescheduled"
  | "bookingReminder"
  /** Issue 36: a meeting's reminder, whose link is its room's door (decision 077). */
  | "bookingReminderMeeting";

/**
 * Every template is "a message from a site, with one link to act on"; `details` are more values
 * its words name (a booking's title and time, written for the reader beforehand).
 */
export type MailVars = { siteName: string; url: string; details?: Record<string, string> };

export type RenderedMail = { subject: string; text: string; html: string };

const translators = new Map<LanguageCode, TFunction>();

/** One i18next instance per language, kept: mails are rendered per request, messages never change. */
function translatorFor(lang: LanguageCode): TFunction {
  let t = translators.get(lang);
  if (!t) {
    const instance = createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: defaultLanguage,
      resources: {
        [lang]: { translation: messagesFor(lang) },
        [defaultLanguage]: { translation: messagesFor(defaultLanguage) },
      },
      initAsync: false,
      // Plain text here; the HTML version escapes the finished strings, translations included.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    t = instance.getFixedT(lang);
    translators.set(lang, t);
  }
  return t;
}

const htmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEntities[char]!);
}

/**
 * The link is the one thing a reader clicks: refuse anything but http(s), so a bad caller can
 * never turn the button into a `javascript:` URL.
 */
function checkedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`mail links must be http(s), got ${parsed.protocol}`);
  }
  return parsed.toString();
}

/** One translated line for a short message (a text message, say), with its values filled in. */
export function translate(
  lang: LanguageCode,
  key: string,
  vars: Record<string, string | number>,
): string {
  return translatorFor(lang)(key, vars);
}

export function renderMail({
  template,
  lang,
  vars,
}: {
  template: MailTemplate;
  /** Any string: an unknown language falls back to English rather than failing the send. */
  lang: string;
  vars: MailVars;
}): RenderedMail {
  const language = isLanguageCode(lang) ? lang : defaultLanguage;
  const t = translatorFor(language);
  const url = checkedUrl(vars.url);
  const values = { ...vars.details, siteName: vars.siteName, url };
  const part = (name: string) => t(`mail.${template}.${name}`, values);
  const texts = {
    subject: part("subject"),
    greeting: part("greeting"),
    body: part("body"),
    action: part("action"),
    footer: part("footer"),
  };
  // Header folding is nodemailer's job, but a newline smuggled in through a site name is not.
  const subject = texts.subject.replace(/[\r\n]+/g, " ").trim();
  const text = [
    texts.greeting,
    texts.body,
    `${texts.action}: ${url}`,
    texts.footer,
    `— ${vars.siteName}`,
  ].join("\n\n");
  return {
    subject,
    text: `${text}\n`,
    html: renderHtml({ ...texts, subject, url, siteName: vars.siteName, lang: language }),
  };
}

function renderHtml(input: {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  footer: string;
  url: string;
  siteName: string;
  lang: LanguageCode;
}): string {
  const e = escapeHtml;
  return mailFrame(
    input,
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;font-weight:600;">${e(input.greeting)}</p>
<p style="margin:0 0 24px;font-size:15px;line-height:24px;">${e(input.body)}</p>
${mailAction(input.action, input.url)}`,
  );
}

/**
 * The one button a mail's reader acts with, and below it its address written out (for a client
 * that shows no buttons). The label and address are escaped here.
 */
export function mailAction(label: string, url: string): string {
  const href = escapeHtml(url);
  return `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 24px;"><tr>
<td style="border-radius:8px;background-color:#4f46e5;">
<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:600;line-height:20px;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>
</td></tr></table>
<p style="margin:0 0 24px;font-size:12px;line-height:18px;color:#6b7280;word-break:break-all;" dir="ltr"><a href="${href}" style="color:#4f46e5;">${href}</a></p>`;
}

/** What a mail's frame writes around its content (escaped there). */
export type MailFrame = { lang: LanguageCode; subject: string; siteName: string; footer: string };

/**
 * The HTML frame every mail shares: a card with the site's name above, `content` and the footer
 * below, in the language's direction. `content` is HTML, its values escaped by the caller.
 */
export function mailFrame(input: MailFrame, content: string): string {
  const e = escapeHtml;
  const dir = textDirection(input.lang);
  // Mail clients ignore `start`/`end` and most <style> blocks: sides are spelled out, CSS inline.
  const align = dir === "rtl" ? "right" : "left";
  const font =
    "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
  return `<!doctype html>
<html lang="${input.lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(input.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" dir="${dir}" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid #e5e7eb;border-radius:12px;${font};color:#1f2937;text-align:${align};">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e5e7eb;font-size:18px;font-weight:700;color:#111827;">${e(input.siteName)}</td></tr>
<tr><td style="padding:32px 32px 8px;">
${content}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:20px;color:#6b7280;">${e(input.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
