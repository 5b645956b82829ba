import { messagesFor } from "~/platform/i18n/messages.server";
import { textDirection, type LanguageCode } from "~/platform/i18n/languages";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

type ErrorTexts = Record<string, string>;

/**
 * A small, self-contained, styled page for answers that never reach React Router: an unknown
 * host, or a failure before rendering. Light and dark follow the visitor's preference.
 */
export function renderStatusPage({
  lang,
  status,
  titleKey,
  textKey,
  homeHref = "/",
}: {
  lang: LanguageCode;
  status: number;
  titleKey: string;
  textKey: string;
  /** Where "back home" leads; an unknown host's own `/` would only answer 404 again. */
  homeHref?: string;
}): string {
  const errors = (messagesFor(lang).errors ?? {}) as ErrorTexts;
  const english = (messagesFor("en").errors ?? {}) as ErrorTexts;
  const pick = (key: string) => errors[key] ?? english[key] ?? key;
  const title = pick(titleKey);
  return `<!doctype html>
<html lang="${lang}" dir="${textDirection(lang)}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Lyceum</title>
<style>
:root{color-scheme:light dark;--bg:#f8f9fa;--fg:#212529;--muted:#495057;--card:#fff;--accent:#1c7ed6;--button:#1864ab;--on-button:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#1a1b1e;--fg:#e9ecef;--muted:#adb5bd;--card:#25262b;--accent:#4dabf7;--button:#74c0fc;--on-button:#1a1b1e}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--fg);
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;padding:24px}
main{max-width:520px;width:100%;background:var(--card);border-radius:16px;padding:40px 32px;text-align:center;
box-shadow:0 10px 30px rgba(0,0,0,.08)}
.code{font-size:64px;font-weight:800;color:var(--accent);margin:0;line-height:1}
h1{font-size:24px;margin:16px 0 8px}p{color:var(--muted);line-height:1.6;margin:0 0 24px}
a{display:inline-block;background:var(--button);color:var(--on-button);text-decoration:none;padding:10px 20px;border-radius:8px;font-weight:600}
</style>
</head>
<body><main>
<p class="code">${status}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(pick(textKey))}</p>
<a href="${escapeHtml(homeHref)}">${escapeHtml(pick("backHome"))}</a>
</main></body></html>`;
}
