import { formsMarkupFor } from "~/features/forms/forms.server";
import type { Database } from "~/platform/db/database.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { textIn } from "~/platform/i18n/messages.server";
import type { SecretBox } from "~/platform/secret-box.server";
import { popupsFor } from "./popup-records.server";
import type { VisitorPopup } from "./popup-shapes";

/** Screens that are not the site's pages to read: no popup ever covers them. */
const noPopups = /^\/(?:dashboard|login|signup|checkout|form\/|subscribed|thankyou|api\/)/;

/**
 * The popups a visitor's page carries: those aimed at its path now, each with its form's
 * markup rendered for this request (its stamp, and the popup's id for its conversions).
 */
export async function visitorPopups(
  { database, secretBox }: { database: Database; secretBox: SecretBox },
  { accountId, url, lang }: { accountId: string; url: URL; lang: LanguageCode },
): Promise<{ popups: VisitorPopup[]; closeLabel: string }> {
  const closeLabel = textIn(lang, "popups.public.close");
  if (noPopups.test(url.pathname)) return { popups: [], closeLabel };
  const rows = await popupsFor(database, { accountId, pathname: url.pathname });
  const markup = formsMarkupFor({ database, secretBox }, { accountId, lang, url });
  const shown: VisitorPopup[] = [];
  for (const row of rows) {
    const formHtml = row.formId
      ? ((await markup([row.formId], { popupId: row.id }))[row.formId] ?? "")
      : "";
    // A popup whose form was deleted, with nothing else to say, stays closed.
    if (!formHtml && !row.title && !row.body) continue;
    shown.push({
      id: row.id,
      layout: row.layout,
      trigger: row.trigger,
      delaySeconds: row.delaySeconds,
      scrollPercent: row.scrollPercent,
      capDays: row.capDays,
      title: row.title,
      body: row.body,
      ctaLabel: row.ctaLabel,
      ctaHref: row.ctaHref,
      formHtml,
    });
  }
  return { popups: shown, closeLabel };
}
