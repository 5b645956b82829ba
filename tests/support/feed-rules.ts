// The rules the W3C Feed Validation Service (feedvalidator) checks first, as assertions over a
// parsed feed: well-formed XML, the elements RSS 2.0 and Atom 1.0 (RFC 4287) require, their date
// formats, absolute and unique links and ids, and a self link that names the feed's address.
import { XMLParser, XMLValidator } from "fast-xml-parser";

/** The elements that may repeat, by their path: parsed as lists even when there is one. */
const repeated = new Set([
  "rss.channel.atom:link",
  "rss.channel.item",
  "rss.channel.item.category",
  "feed.link",
  "feed.author",
  "feed.entry",
  "feed.entry.link",
  "feed.entry.author",
  "feed.entry.category",
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  isArray: (_name, path) => repeated.has(String(path)),
});

/** RFC 822 as RSS 2.0 writes dates (four-digit years, as feedvalidator recommends). */
const rfc822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|UT|[+-]\d{4})$/;
/** RFC 3339, as Atom's dates must be. */
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

type Node = Record<string, unknown>;
const text = (value: unknown): string =>
  typeof value === "object" && value !== null
    ? String((value as Node)["#text"] ?? "")
    : String(value ?? "");

function isAbsolute(url: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

function parse(xml: string): Node {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) throw new Error(`not well-formed XML: ${JSON.stringify(wellFormed)}`);
  return parser.parse(xml) as Node;
}

/** The problems feedvalidator would report on an RSS 2.0 feed served at `selfUrl` (none: []). */
export function rssProblems(xml: string, selfUrl: string): string[] {
  const problems: string[] = [];
  const rss = parse(xml).rss as Node | undefined;
  if (!rss || rss["@version"] !== "2.0") return ['the root is not <rss version="2.0">'];
  const channel = rss.channel as Node | undefined;
  if (!channel) return ["no <channel>"];
  for (const name of ["title", "link", "description"]) {
    if (!text(channel[name]).trim()) problems.push(`channel has no ${name}`);
  }
  if (!isAbsolute(text(channel.link))) problems.push("channel link is not absolute");
  for (const name of ["lastBuildDate", "pubDate"]) {
    if (channel[name] !== undefined && !rfc822.test(text(channel[name]))) {
      problems.push(`channel ${name} is not RFC 822: ${text(channel[name])}`);
    }
  }
  const self = ((channel["atom:link"] as Node[] | undefined) ?? []).find(
    (link) => link["@rel"] === "self",
  );
  if (!self) problems.push("no atom:link rel=self (feedvalidator: MissingAtomSelfLink)");
  else if (self["@href"] !== selfUrl)
    problems.push(`self link ${String(self["@href"])} is not ${selfUrl}`);
  if (self && !rss["@xmlns:atom"]) problems.push("atom: prefix not declared");
  const guids = new Set<string>();
  for (const item of (channel.item as Node[] | undefined) ?? []) {
    const guid = text(item.guid);
    if (!text(item.title) && !text(item.description))
      problems.push("an item has neither title nor description");
    if (!isAbsolute(text(item.link))) problems.push(`item link not absolute: ${text(item.link)}`);
    if (!guid) problems.push("an item has no guid");
    if (guids.has(guid)) problems.push(`guid ${guid} twice`);
    guids.add(guid);
    if (!rfc822.test(text(item.pubDate)))
      problems.push(`item pubDate not RFC 822: ${text(item.pubDate)}`);
    if (item["content:encoded"] !== undefined && !rss["@xmlns:content"]) {
      problems.push("content: prefix not declared");
    }
    const enclosure = item.enclosure as Node | undefined;
    if (enclosure && !isAbsolute(String(enclosure["@url"])))
      problems.push("enclosure url not absolute");
  }
  return problems;
}

/** The problems feedvalidator would report on an Atom 1.0 feed served at `selfUrl` (none: []). */
export function atomProblems(xml: string, selfUrl: string): string[] {
  const problems: string[] = [];
  const feed = parse(xml).feed as Node | undefined;
  if (!feed || feed["@xmlns"] !== "http://www.w3.org/2005/Atom")
    return ["the root is not an Atom <feed>"];
  for (const name of ["id", "title", "updated"]) {
    if (!text(feed[name]).trim()) problems.push(`feed has no ${name}`);
  }
  if (!rfc3339.test(text(feed.updated)))
    problems.push(`feed updated not RFC 3339: ${text(feed.updated)}`);
  const links = (feed.link as Node[] | undefined) ?? [];
  const self = links.find((link) => link["@rel"] === "self");
  if (!self) problems.push("no link rel=self");
  else if (self["@href"] !== selfUrl)
    problems.push(`self link ${String(self["@href"])} is not ${selfUrl}`);
  const feedHasAuthor = ((feed.author as Node[] | undefined) ?? []).some((author) =>
    text(author.name),
  );
  const ids = new Set<string>();
  for (const entry of (feed.entry as Node[] | undefined) ?? []) {
    const id = text(entry.id);
    if (!id) problems.push("an entry has no id");
    if (ids.has(id)) problems.push(`entry id ${id} twice`);
    ids.add(id);
    if (!text(entry.title)) problems.push("an entry has no title");
    if (!rfc3339.test(text(entry.updated)))
      problems.push(`entry updated not RFC 3339: ${text(entry.updated)}`);
    if (entry.published !== undefined && !rfc3339.test(text(entry.published))) {
      problems.push(`entry published not RFC 3339: ${text(entry.published)}`);
    }
    const alternate = ((entry.link as Node[] | undefined) ?? []).find(
      (link) => (link["@rel"] ?? "alternate") === "alternate",
    );
    if (!alternate || !isAbsolute(String(alternate["@href"])))
      problems.push(`entry ${id} has no absolute alternate link`);
    const hasAuthor = ((entry.author as Node[] | undefined) ?? []).some((author) =>
      text(author.name),
    );
    if (!feedHasAuthor && !hasAuthor)
      problems.push(`entry ${id} has no author and the feed none (RFC 4287 4.1.1)`);
    if (!entry.content && !entry.summary)
      problems.push(`entry ${id} has neither content nor summary`);
  }
  return problems;
}

/** The feed's items as (link, whether it has the body, its body) for the tests' own checks. */
export function rssItems(xml: string) {
  const channel = (parse(xml).rss as Node).channel as Node;
  return ((channel.item as Node[] | undefined) ?? []).map((item) => ({
    title: text(item.title),
    link: text(item.link),
    description: text(item.description),
    content: item["content:encoded"] === undefined ? null : text(item["content:encoded"]),
    categories: ((item.category as Node[] | undefined) ?? []).map(text),
  }));
}
