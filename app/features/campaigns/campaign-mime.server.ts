import libqp from "libqp";
import { escapeHtml } from "~/platform/mail/templates.server";
import {
  fillLinks,
  OPEN_PLACEHOLDER,
  placeholderPattern,
  type CompiledCampaign,
  type RecipientLinks,
} from "./campaign-render.server";
import { fillMergeTags, tagPattern, type MergeValues } from "./merge-tags";

/*
 * A campaign's two bodies as MIME parts, encoded once per send (decision 055's addendum). Encoding
 * 12 KB of HTML as quoted-printable for every recipient was most of a send's time. The compiled
 * text is cut where a recipient's own words go (merge tags, links); the fixed pieces are encoded
 * once, and per recipient only their values are. Each piece ends in a soft line break, so the
 * pieces join into one valid body that decodes to exactly what `personalise` writes.
 */

type Slot = (values: MergeValues, own: RecipientLinks) => string;
/** Encoded fixed text, or a recipient's value (encoded when filled). */
type Piece = string | Slot;

/** Both parts of one recipient's message, ready for nodemailer (`{ raw }`). */
export type MimeParts = { text: string; html: string };

const slotPattern = new RegExp(`${tagPattern.source}|${placeholderPattern.source}`, "g");

/** Quoted-printable lines ending in a soft line break: such pieces concatenate safely. */
function quotedPrintable(text: string): string {
  if (!text) return "";
  const crlf = text.replace(/\r?\n/g, "\r\n");
  return `${libqp.wrap(libqp.encode(Buffer.from(crlf, "utf8")), 76)}=\r\n`;
}

function piecesOf(template: string, fill: (part: string) => Slot): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of template.matchAll(slotPattern)) {
    pieces.push(quotedPrintable(template.slice(last, match.index)), fill(match[0]));
    last = match.index + match[0].length;
  }
  pieces.push(quotedPrintable(template.slice(last)));
  return pieces.filter((piece) => piece !== "");
}

function partOf(contentType: string, pieces: Piece[], values: MergeValues, own: RecipientLinks) {
  let body = "";
  for (const piece of pieces)
    body += typeof piece === "string" ? piece : quotedPrintable(piece(values, own));
  return `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${body}`;
}

export type PreparedMime = (values: MergeValues, own: RecipientLinks) => MimeParts;

/**
 * The campaign's parts for one recipient. `tracking` off means no open pixel: its image goes,
 * as `personalise` drops an image left with an empty address.
 */
export function prepareMime(
  compiled: CompiledCampaign,
  { tracking }: { tracking: boolean },
): PreparedMime {
  const html = tracking
    ? compiled.html
    : compiled.html.replaceAll(OPEN_PLACEHOLDER, "").replace(/<img[^>]*src=""[^>]*>/g, "");
  const htmlPieces = piecesOf(
    html,
    (part) => (values, own) =>
      fillLinks(fillMergeTags(part, values, escapeHtml), compiled.links, own, true),
  );
  const textPieces = piecesOf(
    compiled.text,
    (part) => (values, own) => fillLinks(fillMergeTags(part, values), compiled.links, own, false),
  );
  return (values, own) => ({
    text: partOf("text/plain", textPieces, values, own),
    html: partOf("text/html", htmlPieces, values, own),
  });
}

const prepared = new WeakMap<CompiledCampaign, Map<boolean, PreparedMime>>();

/** `prepareMime`, once per compiled campaign and tracking choice. */
export function preparedMimeOf(compiled: CompiledCampaign, tracking: boolean): PreparedMime {
  let byTracking = prepared.get(compiled);
  if (!byTracking) prepared.set(compiled, (byTracking = new Map()));
  let found = byTracking.get(tracking);
  if (!found) byTracking.set(tracking, (found = prepareMime(compiled, { tracking })));
  return found;
}
