import { escapeHtml } from "~/platform/mail/templates.server";
import type { CampaignBlock } from "./campaign-shapes";
import { fillMergeTags, type MergeValues } from "./merge-tags";

/*
 * A campaign becomes mail in two steps. `compileCampaign` turns its blocks into responsive HTML
 * with MJML once per send (MJML takes milliseconds; a send may have 50,000 recipients), with
 * placeholders where each recipient's links go. `personalise` then fills one recipient's merge
 * tags and links by string replacement.
 */

/** Where a recipient's own link goes in the compiled HTML: MJML leaves a plain URL alone. */
const PLACEHOLDER = "https://lyceum.invalid/__";
const linkPlaceholder = (index: number) => `${PLACEHOLDER}link/${index}`;
const UNSUBSCRIBE_PLACEHOLDER = `${PLACEHOLDER}unsubscribe`;
const PREFERENCES_PLACEHOLDER = `${PLACEHOLDER}preferences`;
export const OPEN_PLACEHOLDER = `${PLACEHOLDER}open`;
export const placeholderPattern =
  /https:\/\/lyceum\.invalid\/__(link\/\d+|unsubscribe|preferences|open)/g;

export type CompiledCampaign = {
  html: string;
  text: string;
  /** The blocks' links in order: a click link names one by its index, never by its address. */
  links: string[];
};

/** The words around a campaign that are the site's, not the author's (already translated). */
export type CampaignFrame = {
  siteName: string;
  /** "You receive this because you subscribed to {site}." */
  reason: string;
  unsubscribeLabel: string;
  preferencesLabel: string;
  lang: string;
  dir: "ltr" | "rtl";
};

/** One recipient's links, already signed for them. */
export type RecipientLinks = {
  /** The page where the reader confirms (a mail scanner opening links unsubscribes no one). */
  unsubscribe: string;
  /** RFC 8058's one-click address, for the `List-Unsubscribe` header: a POST there is final. */
  oneClick: string;
  preferences: string;
  /** The tracked address of link `index`, or undefined to keep the link as written. */
  click?: (index: number) => string;
  /** The tracking pixel, or undefined when the site does not track opens. */
  open?: string;
};

/** The blocks' links in the order the compiled mail numbers them. */
export function campaignLinks(blocks: CampaignBlock[]): string[] {
  return blocks.flatMap((block) =>
    block.type === "button"
      ? [block.href]
      : block.type === "image" && block.href
        ? [block.href]
        : [],
  );
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean);

/** MJML for one block; `link` gives the placeholder of the block's link. */
function blockMjml(block: CampaignBlock, link: (href: string) => string): string {
  switch (block.type) {
    case "heading":
      return `<mj-text css-class="c-heading" font-size="24px" line-height="32px" font-weight="700">${escapeHtml(block.text)}</mj-text>`;
    case "text":
      return `<mj-text css-class="c-text">${paragraphs(block.text)
        .map((part) => `<p style="margin:0 0 12px">${escapeHtml(part).replace(/\n/g, "<br>")}</p>`)
        .join("")}</mj-text>`;
    case "button":
      return `<mj-button href="${escapeHtml(link(block.href))}" background-color="#1971c2" color="#ffffff" border-radius="8px" font-weight="600">${escapeHtml(block.label)}</mj-button>`;
    case "image":
      return `<mj-image src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}"${
        block.href ? ` href="${escapeHtml(link(block.href))}"` : ""
      } />`;
    case "divider":
      return `<mj-divider border-width="1px" border-color="#e5e7eb" />`;
  }
}

function blockText(block: CampaignBlock, link: (href: string) => string): string {
  switch (block.type) {
    case "heading":
      return block.text;
    case "text":
      return paragraphs(block.text).join("\n\n");
    case "button":
      return `${block.label}: ${link(block.href)}`;
    case "image":
      return block.href ? `${block.alt || block.href}: ${link(block.href)}` : block.alt;
    case "divider":
      return "—".repeat(20);
  }
}

/**
 * Dark-mode safe: the mail says it supports both schemes, so a client that darkens mail leaves
 * it alone, and a dark client gets the darker palette from the media query.
 */
const darkStyles = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .c-body, .c-card > table, .c-card > table > tbody > tr > td { background: #1f2937 !important; }
  .c-heading div, .c-text div, .c-footer div { color: #f3f4f6 !important; }
}`;

export async function compileCampaign({
  subject,
  preheader,
  blocks,
  frame,
}: {
  subject: string;
  preheader: string;
  blocks: CampaignBlock[];
  frame: CampaignFrame;
}): Promise<CompiledCampaign> {
  const links: string[] = [];
  const link = (href: string) => {
    links.push(href);
    return linkPlaceholder(links.length - 1);
  };
  const body = blocks.map((block) => blockMjml(block, link)).join("\n");
  const textLinks: string[] = [];
  const textLink = (href: string) => {
    textLinks.push(href);
    return linkPlaceholder(textLinks.length - 1);
  };
  const footer = `<mj-text css-class="c-footer" font-size="12px" line-height="18px" color="#4b5563" align="center">${escapeHtml(
    frame.reason,
  )}<br><a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#4b5563">${escapeHtml(
    frame.unsubscribeLabel,
  )}</a> · <a href="${PREFERENCES_PLACEHOLDER}" style="color:#4b5563">${escapeHtml(
    frame.preferencesLabel,
  )}</a></mj-text>`;
  const source = `<mjml lang="${escapeHtml(frame.lang)}" dir="${frame.dir}">
<mj-head>
<mj-title>${escapeHtml(subject)}</mj-title>
${preheader ? `<mj-preview>${escapeHtml(preheader)}</mj-preview>` : ""}
<mj-attributes><mj-all font-family="-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif" /><mj-text font-size="16px" line-height="24px" color="#111827" /></mj-attributes>
<mj-style>${darkStyles}</mj-style>
</mj-head>
<mj-body background-color="#f3f4f6" css-class="c-body">
<mj-section background-color="#ffffff" border-radius="8px" padding="24px 8px" css-class="c-card"><mj-column>
${body}
</mj-column></mj-section>
<mj-section padding="16px 8px"><mj-column>${footer}<mj-image src="${OPEN_PLACEHOLDER}" alt="" width="1px" height="1px" padding="0" /></mj-column></mj-section>
</mj-body>
</mjml>`;
  const { default: mjml2html } = await import("mjml");
  const result = await mjml2html(source, { validationLevel: "strict", minify: false });
  const text = [
    ...blocks.map((block) => blockText(block, textLink)),
    "",
    "—",
    frame.reason,
    `${frame.unsubscribeLabel}: ${UNSUBSCRIBE_PLACEHOLDER}`,
    `${frame.preferencesLabel}: ${PREFERENCES_PLACEHOLDER}`,
  ].join("\n\n");
  return { html: result.html, text, links };
}

export function fillLinks(
  template: string,
  links: string[],
  own: RecipientLinks,
  forHtml: boolean,
) {
  return template.replace(placeholderPattern, (_all, what: string) => {
    let url: string;
    if (what === "unsubscribe") url = own.unsubscribe;
    else if (what === "preferences") url = own.preferences;
    else if (what === "open") url = own.open ?? "";
    else {
      const index = Number(what.slice("link/".length));
      url = own.click ? own.click(index) : (links[index] ?? "");
    }
    return forHtml ? escapeHtml(url) : url;
  });
}

/** One recipient's message: their merge tags and links filled in. */
export function personalise(
  compiled: CompiledCampaign,
  values: MergeValues,
  links: RecipientLinks,
): { html: string; text: string } {
  let html = fillLinks(
    fillMergeTags(compiled.html, values, escapeHtml),
    compiled.links,
    links,
    true,
  );
  // No tracking pixel: its image goes too, rather than an empty src.
  if (!links.open) html = html.replace(/<img[^>]*src=""[^>]*>/g, "");
  const text = fillLinks(fillMergeTags(compiled.text, values), compiled.links, links, false);
  return { html, text };
}
