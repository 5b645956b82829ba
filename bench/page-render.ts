// M3 the page builder's render cost: a published page of 40 blocks against one of 4, read and
// rendered uncached by the page cache (getPage: the row, the course and post lists read, the
// HTML made) call by call on a fresh embedded database, in React's production build as the
// server runs it. Two figures (decision 028): "warm", the page's static blocks already rendered
// once on this instance since its last edit (its course and post lists still read and rendered
// live) — what a visitor's uncached request costs, from the second render of a version on; and
// "cold", the first render of a version (every block checked against its schema, rich text
// sanitised, every block rendered). Loaded by bench/run.ts through Vite's module runner.
// Goal (issue 14): the 40-block page within 1.2× the 4-block page.
import fs from "node:fs";
import type { Viewer } from "~/features/members/members.server";
import { forgetRenderedPages } from "~/features/pages/block-html.server";
import { getPage, savePage } from "~/features/pages/pages.server";
import { openDatabase, type Database } from "~/platform/db/database.server";
import { MIGRATIONS_FOLDER } from "../server/boot";
import { tempDataDir } from "../tests/e2e/support/server.ts";
import { createAccount, createMember } from "../tests/factories";
import { atMost } from "./report.ts";

type Print = (title: string, rows: string[][]) => void;

const calls = Number(process.env.BENCH_PAGE_CALLS ?? 300);
const warmUp = 30;

/**
 * The mix of a landing page: ten kinds of block, the data-driven ones among them. The small
 * page is the acceptance's landing page (hero, course list, questions, latest posts), so both
 * read the same courses and posts: a list costs one read whatever the number of blocks, and the
 * figure is what forty blocks cost over four.
 */
function blocksOf(count: number): { type: string; props: Record<string, unknown> }[] {
  if (count === 4) {
    const kinds = blocksOf(10);
    return [kinds[0]!, kinds[8]!, kinds[4]!, kinds[9]!];
  }
  const kinds = [
    (id: string) => ({
      type: "Hero",
      props: { id, title: "Learn", subtitle: "Now", src: "/a.webp", alt: "A" },
    }),
    (id: string) => ({ type: "Heading", props: { id, text: "A section" } }),
    (id: string) => ({ type: "Text", props: { id, text: "Some words ".repeat(30) } }),
    (id: string) => ({
      type: "RichText",
      props: {
        id,
        html: '<p><strong>Rich</strong> text with a <a href="/x">link</a>.</p>'.repeat(4),
      },
    }),
    (id: string) => ({
      type: "FAQ",
      props: {
        id,
        items: Array.from({ length: 5 }, (_, n) => ({ question: `Q${n}?`, answer: "An answer." })),
      },
    }),
    (id: string) => ({
      type: "CallToAction",
      props: { id, title: "Join", buttonLabel: "Go", buttonHref: "/signup" },
    }),
    (id: string) => ({
      type: "Image",
      props: { id, src: "/b.webp", alt: "B", width: 800, height: 600 },
    }),
    (id: string) => ({ type: "Testimonial", props: { id, quote: "Great.", author: "Ann" } }),
    (id: string) => ({ type: "CourseList", props: { id, title: "Courses", limit: 6 } }),
    (id: string) => ({ type: "PostList", props: { id, title: "Posts", limit: 3 } }),
  ];
  return Array.from({ length: count }, (_, n) => kinds[n % kinds.length]!(`b${n}`));
}

/**
 * Both pages called in turn, so a change of the machine's load falls on both alike. `cold`: the
 * rendered static parts are forgotten before each call (outside the timing).
 */
async function timeCalls(
  database: Database,
  accountId: string,
  slugs: string[],
  { cold }: { cold: boolean },
) {
  const call = async (slug: string) => {
    if (cold) forgetRenderedPages();
    const start = performance.now();
    if (!(await getPage(database, { accountId, slug }))) throw new Error(`${slug} not found`);
    return performance.now() - start;
  };
  for (let n = 0; n < warmUp; n++) for (const slug of slugs) await call(slug);
  const times = slugs.map(() => [] as number[]);
  for (let n = 0; n < calls; n++)
    for (const [index, slug] of slugs.entries()) times[index]!.push(await call(slug));
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return {
      median: list[Math.floor(list.length / 2)]!,
      p95: list[Math.floor(list.length * 0.95)]!,
    };
  });
}

type Timing = { median: number; p95: number };

export async function benchPageRender({ print }: { print: Print }) {
  const dataDir = tempDataDir("bench-pages");
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate(MIGRATIONS_FOLDER);
    const { accountId } = await createAccount(database, { slug: "pagebench" });
    const { user } = await createMember(database, { accountId, roleName: "site_owner" });
    const owner = {
      user: { ...user, image: null },
      membership: { role: "site_owner", caps: ["manage_options"] },
      isSuperAdmin: false,
    } as unknown as Viewer;
    for (const [slug, count] of [
      ["four", 4],
      ["forty", 40],
    ] as const) {
      const answer = await savePage(database, {
        accountId,
        viewer: owner,
        id: null,
        caches: null,
        input: {
          intent: "publish",
          version: 0,
          page: {
            title: slug,
            slug,
            kind: "page",
            description: "",
            data: { root: { props: {} }, content: blocksOf(count) },
            seoTitle: "",
            seoDescription: "",
            seoImage: "",
          },
        },
      });
      if (!answer.ok) throw new Error(`${slug}: ${answer.code}`);
    }
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    const figures = [];
    for (const cold of [false, true]) {
      const [four, forty] = (await timeCalls(database, accountId, ["four", "forty"], {
        cold,
      })) as [Timing, Timing];
      const ratio = forty.median / four.median;
      const which = cold
        ? "cold: first render of a page version (blocks checked, sanitised, all rendered)"
        : "warm: static blocks rendered before, course and post lists live";
      print(`Page render uncached by the page cache, ${which}; ${calls} calls each, PGlite`, [
        ["page", "median", "p95"],
        ["4 blocks", ms(four.median), ms(four.p95)],
        ["40 blocks", ms(forty.median), ms(forty.p95)],
        ["40 / 4", `${ratio.toFixed(2)}×`, "goal ≤ 1.2×"],
      ]);
      figures.push({
        figure: `page of 40 blocks vs 4, uncached render, ${cold ? "cold (first of a version)" : "warm (static parts cached)"} (median)`,
        measured: `${ratio.toFixed(2)}× (${ms(forty.median)} vs ${ms(four.median)})`,
        goal: "≤ 1.2×",
        met: atMost(ratio, 1.2),
      });
    }
    // Returned, not recorded: this module runs in Vite's runner, with a report module of its own.
    return figures;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
