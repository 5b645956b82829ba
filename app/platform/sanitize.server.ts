import sanitizeHtml from "sanitize-html";

/** User HTML made safe: formatting, links and images only; no scripts, styles or handlers. */
export function sanitizeUserHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== "iframe"), "img"],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "width", "height", "loading"],
      "*": ["class"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
    },
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
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== "iframe"),
      "img",
      "figure",
      "figcaption",
      "iframe",
      "audio",
    ],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "width", "height", "loading", "srcset", "sizes"],
      iframe: ["src", "title", "allow", "allowfullscreen", "loading", "width", "height"],
      audio: ["src", "controls", "preload"],
      th: ["colspan", "rowspan"],
      td: ["colspan", "rowspan"],
      "*": ["class"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { iframe: ["https"], audio: ["https"] },
    allowedIframeHostnames: contentIframeHosts,
    allowIframeRelativeUrls: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
      iframe: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, loading: "lazy", allow: "fullscreen; picture-in-picture" },
      }),
    },
  });
}
