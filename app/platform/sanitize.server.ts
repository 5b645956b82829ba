import sanitizeHtml from "sanitize-html";

const userTags = [...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== "iframe"), "img"];
const linkAttributes = ["href", "title", "target", "rel"];
const imageAttributes = ["src", "alt", "width", "height", "loading"];
const safeLinks = { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) };
const schemes = ["http", "https", "mailto", "tel"];

/** User HTML made safe: formatting, links and images only; no scripts, styles or handlers. */
export function sanitizeUserHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: userTags,
    allowedAttributes: { a: linkAttributes, img: imageAttributes, "*": ["class"] },
    allowedSchemes: schemes,
    transformTags: safeLinks,
  });
}

const contentIframeHosts = ["www.youtube-nocookie.com", "player.vimeo.com"];

/**
 * A post's or page's HTML made safe: what `sanitizeUserHtml` allows, plus tables, figures,
 * audio, and iframes from the two video players posts embed (features/content/embeds.ts) —
 * no other frame, script, style or handler.
 */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...userTags, "figure", "figcaption", "iframe", "audio"],
    allowedAttributes: {
      a: linkAttributes,
      img: [...imageAttributes, "srcset", "sizes"],
      iframe: ["src", "title", "allow", "allowfullscreen", "loading", "width", "height"],
      audio: ["src", "controls", "preload"],
      th: ["colspan", "rowspan"],
      td: ["colspan", "rowspan"],
      "*": ["class"],
    },
    allowedSchemes: schemes,
    allowedSchemesByTag: { iframe: ["https"], audio: ["https"] },
    allowedIframeHostnames: contentIframeHosts,
    allowIframeRelativeUrls: false,
    transformTags: {
      ...safeLinks,
      iframe: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, loading: "lazy", allow: "fullscreen; picture-in-picture" },
      }),
    },
  });
}
