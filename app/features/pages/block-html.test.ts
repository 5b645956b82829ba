import { beforeEach, describe, expect, test } from "vitest";
import {
  blocksToRender,
  forgetRenderedPages,
  publishedBlocks,
  renderedPageKey,
  renderPageHtml,
} from "./block-html.server";
import type { BlockData } from "./components/blocks/list-blocks";

// M3 a published page's static blocks render once per content (decision 028): the cached parts
// must give the very markup of a full render, follow every edit, and never stand for live data.

const labels = (video: string) => ({
  name: "Name",
  email: "E-mail",
  message: "Message",
  signUp: "Sign up",
  send: "Send",
  noCourses: "No courses",
  noPosts: "No posts",
  video,
  chooseForm: "Choose a form",
});
const dataWith = (courses: string[], video = "Video"): BlockData => ({
  courses: courses.map((title) => ({ title, slug: title, description: "", image: null })),
  posts: [{ title: "A post", slug: "a-post", excerpt: "" }],
  forms: {},
  labels: labels(video),
});

const content = [
  { type: "Hero", props: { id: "h", title: "Welcome", src: "/a.webp", alt: "A" } },
  { type: "RichText", props: { id: "r", html: "<p>Hi<script>alert(1)</script></p>" } },
  { type: "CourseList", props: { id: "c", title: "Courses", limit: 6 } },
  { type: "Text", props: { id: "t", text: "Between" } },
  { type: "Nonsense", props: { id: "n" } },
  { type: "Video", props: { id: "v", url: "https://youtu.be/dQw4w9WgXcQ" } },
  {
    type: "Columns",
    props: {
      id: "col",
      count: 2,
      column1: [{ type: "PostList", props: { id: "p", limit: 3 } }],
      column2: [{ type: "Heading", props: { id: "hd", text: "Side" } }],
    },
  },
  { type: "FAQ", props: { id: "f", items: [{ question: "Q?", answer: "A." }] } },
];
const page = { accountId: "acc-1", pageId: "page-1", kind: "page" as const, lang: "en", content };
const fullRender = (stored: unknown[], data: BlockData, headingIsTitle = true) =>
  renderPageHtml(blocksToRender(stored), { data, headingIsTitle });

describe("M3 published pages' cached static parts", () => {
  beforeEach(() => forgetRenderedPages());

  test("M3 a page rendered from its cached parts is the very markup of a full render", () => {
    const data = dataWith(["Drawing", "Painting"]);
    const first = publishedBlocks(page);
    expect(first.live.map((b) => b.props.id)).toEqual(["c", "col"]);
    expect(first.headingIsTitle).toBe(true);
    const cold = first.render(data);
    expect(cold).toBe(fullRender(content, data));
    expect(cold).toContain("<h1");
    expect(cold).not.toContain("<script");
    const warm = publishedBlocks(page);
    expect(warm.live.map((b) => b.props.id)).toEqual(["c", "col"]);
    expect(warm.render(data)).toBe(cold);
  });

  test("M3 live blocks side by side, first and last, take their places", () => {
    const lists = [
      { type: "PostList", props: { id: "p1", limit: 1 } },
      { type: "CourseList", props: { id: "c1", limit: 2 } },
      { type: "Spacer", props: { id: "s" } },
      { type: "CourseList", props: { id: "c2", limit: 1 } },
    ];
    const data = dataWith(["Drawing", "Painting"]);
    const cold = publishedBlocks({ ...page, content: lists }).render(data);
    expect(cold).toBe(fullRender(lists, data));
    expect(publishedBlocks({ ...page, content: lists }).render(data)).toBe(cold);
  });

  test("M3 on a cached page the course and post lists still show the live data", () => {
    publishedBlocks(page).render(dataWith(["Drawing"]));
    const later = publishedBlocks(page).render(dataWith(["Drawing", "Sculpture"]));
    expect(later).toContain("Sculpture");
    expect(later).toBe(fullRender(content, dataWith(["Drawing", "Sculpture"])));
  });

  test("M3 an edited page renders its new blocks at once, and a doc's first heading is no title", () => {
    publishedBlocks(page).render(dataWith([]));
    const edited = [{ ...content[0]!, props: { ...content[0]!.props, title: "Hello again" } }];
    const html = publishedBlocks({ ...page, content: edited }).render(dataWith([]));
    expect(html).toContain("Hello again");
    expect(html).not.toContain("Welcome");
    const doc = publishedBlocks({ ...page, kind: "doc" });
    expect(doc.headingIsTitle).toBe(false);
    expect(doc.render(dataWith([]))).toBe(fullRender(content, dataWith([]), false));
  });

  test("M3 the blocks' words are the visitor's language: one language's parts never serve another", () => {
    publishedBlocks(page).render(dataWith([], "Video"));
    const french = publishedBlocks({ ...page, lang: "fr" }).render(dataWith([], "Vidéo"));
    expect(french).toContain("Vidéo");
    expect(publishedBlocks(page).render(dataWith([], "Video"))).not.toContain("Vidéo");
  });

  test("M3 the cache key names the account, the page, its kind, language and content", () => {
    const key = renderedPageKey(page);
    expect(key.startsWith("acc-1:page-1:page:en:")).toBe(true);
    expect(renderedPageKey({ ...page, accountId: "acc-2" })).not.toBe(key);
    expect(renderedPageKey({ ...page, content: content.slice(1) })).not.toBe(key);
    expect(renderedPageKey({ ...page, lang: "fr" })).not.toBe(key);
  });
});
