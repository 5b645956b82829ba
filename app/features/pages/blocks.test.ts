import { describe, expect, test } from "vitest";
import { blocksToRender, renderPageHtml, sanitizeBlocks } from "./block-html.server";
import { blockTypes, checkBlocks, MAX_BLOCKS } from "./blocks";
import { emptyBlockData } from "./components/blocks/list-blocks";

// The vectors of tests/e2e/xss.spec.ts, run through every block prop that reaches HTML.
const markup = `"'><img src=x onerror=__xss('m')></style></script><script>__xss('m')</script><svg onload=__xss('m')>`;
const richHtml =
  `<p>Hi</p><img src=x onerror="__xss('r')"><script>__xss('r')</script>` +
  `<a href="javascript:__xss('r')">link</a><iframe srcdoc="<script>parent.__xss('r')</script>"></iframe>` +
  `<svg><script>__xss('r')</script></svg><style>body{background:url(javascript:__xss('r'))}</style>` +
  `<math><mtext><table><mglyph><style><img src=x onerror=__xss('r')>`;
const scriptUrls = [
  "javascript:__xss('u')",
  " javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/x.png",
  "java\nscript:alert(1)",
  `/x"><img/src=x/onerror=__xss('p')>`,
];
const cssBreakouts = [
  "red;}</style><script>__xss('c')</script>",
  "expression(alert(1))",
  "url(javascript:alert(1))",
  "red; background-image: url(//evil.example)",
];

const labels = {
  name: "Name",
  email: "E-mail",
  message: "Message",
  signUp: "Sign up",
  send: "Send",
  noCourses: "None",
  noPosts: "None",
  video: "Video",
  chooseForm: "Choose a form",
};
const html = (content: unknown[]) =>
  renderPageHtml(blocksToRender(content), { data: emptyBlockData(labels), headingIsTitle: true });

/**
 * No element or attribute the vectors tried to plant, in the markup's tags (escaped into text,
 * they are harmless); an iframe may stay only as the sanitiser's empty embed frame.
 */
const expectInert = (out: string) => {
  const tags = (out.match(/<[^>]+>/g) ?? []).join("\n");
  expect(tags).not.toMatch(
    /<script|<svg|<style|<math|\son(error|load)=|\ssrcdoc=|(href|src)="\s*javascript:|expression\(/i,
  );
};

describe("M3 page blocks", () => {
  test("M3 every block type has a schema that accepts its empty props", () => {
    for (const type of blockTypes) {
      const { blocks, issues } = checkBlocks([{ type, props: { id: `${type}-1` } }], {
        strict: true,
      });
      expect(issues, type).toEqual([]);
      expect(blocks[0]?.type).toBe(type);
    }
  });

  test("M3 a save reports each prop that does not fit, by block and prop; unknown blocks too", () => {
    const { issues } = checkBlocks(
      [
        { type: "Hero", props: { id: "h", ctaHref: "javascript:alert(1)", background: "red;}" } },
        { type: "Image", props: { id: "i", src: "//evil.example/a.png" } },
        { type: "Video", props: { id: "v", url: "https://evil.example/embed/x" } },
        { type: "Marquee", props: { id: "m" } },
        { type: "Text", props: { id: "t", text: "a\u0000b" } },
        { type: "Columns", props: { id: "c", column1: [{ type: "Columns", props: { id: "n" } }] } },
      ],
      { strict: true },
    );
    expect(issues).toEqual([
      { blockId: "h", type: "Hero", path: "ctaHref" },
      { blockId: "h", type: "Hero", path: "background" },
      { blockId: "i", type: "Image", path: "src" },
      { blockId: "v", type: "Video", path: "url" },
      { blockId: "m", type: "Marquee", path: "type" },
      { blockId: "t", type: "Text", path: "text" },
      { blockId: "n", type: "Columns", path: "type" },
    ]);
  });

  test("M3 a page holds at most MAX_BLOCKS blocks", () => {
    const many = Array.from({ length: MAX_BLOCKS + 1 }, (_, n) => ({
      type: "Spacer",
      props: { id: `s${n}` },
    }));
    const { blocks, issues } = checkBlocks(many, { strict: true });
    expect(blocks).toHaveLength(MAX_BLOCKS);
    expect(issues).toEqual([{ blockId: "", type: "", path: "content" }]);
  });

  test("M3 V1 the XSS vectors in text props come out as text", () => {
    const out = html([
      { type: "Hero", props: { id: "h", title: markup, subtitle: markup, alt: markup } },
      { type: "Heading", props: { id: "g", text: markup } },
      { type: "Text", props: { id: "t", text: markup } },
      { type: "FAQ", props: { id: "f", items: [{ question: markup, answer: markup }] } },
      { type: "Testimonial", props: { id: "q", quote: markup, author: markup } },
      { type: "Form", props: { id: "o", title: markup, submitLabel: markup } },
    ]);
    expectInert(out);
    expect(out).toContain("&lt;script&gt;__xss(&#x27;m&#x27;)&lt;/script&gt;");
  });

  test("M3 V1 rich text is sanitised on save and again before it is shown", () => {
    const saved = sanitizeBlocks(
      checkBlocks([{ type: "RichText", props: { id: "r", html: richHtml } }], { strict: true })
        .blocks,
    );
    expectInert(JSON.stringify(saved));
    // A stored page written past the save (an older version, a bad import) is sanitised anyway.
    const out = html([
      { type: "RichText", props: { id: "r", html: richHtml } },
      {
        type: "Columns",
        props: {
          id: "c",
          count: 2,
          column1: [{ type: "RichText", props: { id: "r2", html: richHtml } }],
        },
      },
    ]);
    expectInert(out);
    expect(out).toContain("<p>Hi</p>");
  });

  test("M3 V1 unsafe addresses and colours never reach the page: the block is skipped", () => {
    for (const url of scriptUrls) {
      const out = html([
        { type: "Image", props: { id: "i", src: url, alt: "x" } },
        { type: "Hero", props: { id: "h", title: "T", ctaLabel: "Go", ctaHref: url } },
        { type: "Gallery", props: { id: "g", images: [{ src: url, alt: "" }] } },
        { type: "Testimonial", props: { id: "t", quote: "q", avatar: url } },
        { type: "Video", props: { id: "v", url } },
      ]);
      expect(out, url).not.toMatch(/(href|src)="\s*(javascript:|data:|\/\/)|evil\.example/i);
      expectInert(out);
    }
    for (const colour of cssBreakouts) {
      const out = html([
        { type: "CallToAction", props: { id: "c", title: "T", background: colour } },
      ]);
      expect(out, colour).not.toMatch(/<script|expression|url\(/i);
    }
  });

  test("M3 the public render is static HTML: FAQ as details/summary, images sized, video from the privacy host", () => {
    const out = html([
      { type: "Hero", props: { id: "h", title: "Welcome", src: "/media/a.webp", alt: "A" } },
      { type: "FAQ", props: { id: "f", items: [{ question: "Q?", answer: "A." }] } },
      {
        type: "Image",
        props: { id: "i", src: "https://cdn.example/a.png", alt: "B", width: 800, height: 600 },
      },
      { type: "Video", props: { id: "v", url: "https://youtu.be/dQw4w9WgXcQ" } },
      { type: "Marquee", props: { id: "m", text: "unknown blocks are skipped" } },
    ]);
    expect(out).toMatch(/<h1[^>]*>Welcome<\/h1>/);
    expect(out).toMatch(/<img src="\/media\/a.webp" alt="A" width="1200" height="675"/);
    expect(out).toMatch(/<details[^>]*><summary[^>]*>Q\?<\/summary><p>A.<\/p><\/details>/);
    expect(out).toMatch(/width="800" height="600" loading="lazy"/);
    expect(out).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(out).not.toContain("unknown blocks");
  });
});
