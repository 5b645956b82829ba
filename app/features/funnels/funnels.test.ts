// Issue 34 funnels' own logic (decision 063): the plan's cap under 20 owners at once, steps and
// their pages, split tests, visits counted once with the visitor's UTM, where each step leads,
// and the report from visits and paid orders less refunds.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { domainEvents } from "~/features/events/tables.server";
import { orders } from "~/features/orders/tables.server";
import { addPage } from "~/features/pages/pages.server";
import { pages } from "~/features/pages/tables.server";
import { searchSite } from "~/features/search/search.server";
import { createAccount, createMember, viewerWith } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { commandFunnels, listFunnels, loadFunnel } from "./funnel-records.server";
import { splitWinner } from "./funnel-shapes";
import { funnelReport } from "./funnel-report.server";
import { deviceOf, funnelVisitorOf, splitVariant } from "./funnel-visitor";
import { advanceFrom, funnelCheckout, nextStep, openStep } from "./funnel-visits.server";
import { funnelSteps, funnelVisits } from "./tables.server";

const owner = viewerWith({ id: "owner-funnels", name: "Owner", email: "owner@example.test" }, [
  "manage_options",
]);
const student = viewerWith({ id: "student-funnels", name: "Sam", email: "sam@example.test" }, []);

describe("Issue 34 a funnel visitor's id, device and split", () => {
  test("Issue 34 the visitor cookie is read only when it is ours; devices by user agent", () => {
    const id = crypto.randomUUID();
    expect(funnelVisitorOf(`a=b; lyceum_fv=${id}; c=d`)).toBe(id);
    expect(funnelVisitorOf("lyceum_fv=<script>")).toBeNull();
    expect(funnelVisitorOf(null)).toBeNull();
    expect(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148")).toBe("mobile");
    expect(deviceOf("Mozilla/5.0 (iPad; CPU OS 17_0)")).toBe("tablet");
    expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64) Chrome/130")).toBe("desktop");
  });

  test("Issue 34 a split test's winner: the better rate once each page has 30 visitors and the difference is significant at 95 %", () => {
    const test = (a: [number, number], b: [number, number]) =>
      splitWinner([
        { variant: "a", visitors: a[0], conversions: a[1] },
        { variant: "b", visitors: b[0], conversions: b[1] },
      ]);
    expect(test([29, 1], [100, 90])).toBeNull();
    expect(test([200, 20], [200, 26])).toBeNull();
    expect(test([200, 20], [200, 45])).toBe("b");
    expect(test([500, 150], [500, 100])).toBe("a");
    expect(test([100, 0], [100, 0])).toBeNull();
  });

  test("Issue 34 a split test shows each visitor the same page, B to about its share", () => {
    const step = crypto.randomUUID();
    const visitors = Array.from({ length: 2000 }, () => crypto.randomUUID());
    const first = visitors.map((visitor) => splitVariant(visitor, step, 30));
    expect(visitors.map((visitor) => splitVariant(visitor, step, 30))).toEqual(first);
    const share = first.filter((variant) => variant === "b").length / visitors.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
  });
});

describe.each(backends)("Issue 34 funnels on %s", (backend) => {
  let db: TestDatabase;
  let accountId = "";
  const logicTest = logicTestOn(backend);
  const command = (body: unknown, limit = 0, viewer = owner) =>
    commandFunnels(db.database, { accountId, viewer, body, lang: "en", limit });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database, { settings: { currency: "USD" } })).accountId;
  }, 60_000);
  afterAll(() => db?.dispose());

  async function funnel(name: string, limit = 0) {
    const made = await command({ intent: "createFunnel", name }, limit);
    if (!made.ok) throw new Error("not made");
    return made.id;
  }

  test("Issue 34 the plan's cap on funnels holds under 20 owners' tabs at once", async () => {
    const capped = await createAccount(db.database);
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        commandFunnels(db.database, {
          accountId: capped.accountId,
          viewer: owner,
          body: { intent: "createFunnel", name: `Launch ${n}` },
          lang: "en",
          limit: 3,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === "rejected");
    expect(refused).toHaveLength(17);
    expect(refused[0]).toMatchObject({ reason: { code: "funnels.limitReached" } });
    const listed = await listFunnels(db.database, { accountId: capped.accountId, viewer: owner });
    expect(listed).toHaveLength(3);
  });

  logicTest("Issue 34 only the site's managers may list or change funnels", async () => {
    await expect(listFunnels(db.database, { accountId, viewer: student })).rejects.toMatchObject({
      code: "auth.forbidden",
    });
    await expect(
      command({ intent: "createFunnel", name: "Mine" }, 0, student),
    ).rejects.toMatchObject({
      code: "auth.forbidden",
    });
    await expect(command({ intent: "nonsense" })).rejects.toMatchObject({
      code: "request.invalid",
    });
  });

  logicTest(
    "Issue 34 a new funnel has an opt-in and a thank-you step, each a page of kind funnel; steps move, save and go",
    async () => {
      const id = await funnel("Spring launch");
      let opened = await loadFunnel(db.database, { accountId, viewer: owner, id });
      expect(opened.funnel).toEqual({
        name: "Spring launch",
        slug: "spring-launch",
        status: "draft",
      });
      expect(opened.steps.map((step) => [step.kind, step.slug, step.position])).toEqual([
        ["optin", "optin", 0],
        ["thankyou", "thankyou", 1],
      ]);
      const stepPages = await db.database.forAccount(accountId, (tx) =>
        tx.select().from(pages).where(eq(pages.accountId, accountId)),
      );
      for (const step of opened.steps)
        expect(stepPages.find((page) => page.id === step.pageId)).toMatchObject({
          kind: "funnel",
          status: "published",
        });
      // They answer only at the funnel's address: site search leaves them out (not a plain page).
      await db.database.forAccount(accountId, (tx) =>
        addPage(tx, {
          accountId,
          title: "Opt-in offers",
          slug: "opt-in-offers",
          status: "published",
          data: { root: { props: {} }, content: [] },
        }),
      );
      const found = await searchSite(db.database, {
        accountId,
        term: "Opt-in",
        scope: "pages",
        viewer: null,
      });
      expect(found.hits.pages.map((hit) => hit.title)).toEqual(["Opt-in offers"]);
      expect(await command({ intent: "addStep", funnelId: id, kind: "checkout" })).toMatchObject({
        ok: true,
      });
      opened = await loadFunnel(db.database, { accountId, viewer: owner, id });
      const checkout = opened.steps.find((step) => step.kind === "checkout")!;
      expect(await command({ intent: "moveStep", id: checkout.id, by: -1 })).toMatchObject({
        ok: true,
      });
      opened = await loadFunnel(db.database, { accountId, viewer: owner, id });
      expect(opened.steps.map((step) => step.kind)).toEqual(["optin", "checkout", "thankyou"]);

      // A checkout must sell something; a taken address is said beside it.
      const save = (step: Record<string, unknown>) =>
        command({
          intent: "saveStep",
          id: checkout.id,
          step: { title: "Buy", slug: "buy", ...step },
        });
      expect(await save({})).toMatchObject({
        ok: false,
        issues: [{ path: "products", origin: "required" }],
      });
      expect(
        await save({ slug: "optin", products: [{ productId: crypto.randomUUID() }] }),
      ).toMatchObject({
        ok: false,
        issues: [{ path: "slug", origin: "slugTaken" }],
      });
      expect(await save({ slug: "Not A Slug" })).toMatchObject({
        ok: false,
        issues: [{ path: "slug" }],
      });

      expect(await command({ intent: "deleteStep", id: checkout.id })).toMatchObject({ ok: true });
      const gone = await db.database.forAccount(accountId, (tx) =>
        tx
          .select()
          .from(pages)
          .where(and(eq(pages.accountId, accountId), eq(pages.id, checkout.pageId))),
      );
      expect(gone).toEqual([]);
      expect(await command({ intent: "deleteFunnel", id })).toMatchObject({ ok: true });
      await expect(loadFunnel(db.database, { accountId, viewer: owner, id })).rejects.toMatchObject(
        {
          code: "route.notFound",
        },
      );
    },
  );

  logicTest(
    "Issue 34 a visit counts once per visitor and step, carries the first step's UTM and device; drafts only preview",
    async () => {
      const id = await funnel("Webinar");
      const visit = (visitor: string, stepSlug: string | null, source = "", preview = false) =>
        openStep(db.database, {
          accountId,
          funnelSlug: "webinar",
          stepSlug,
          visitor,
          utm: { source, medium: source ? "social" : "", campaign: "" },
          device: "mobile",
          preview,
        });
      const visitor = crypto.randomUUID();
      expect(await visit(visitor, null)).toBeNull();
      expect(await visit(visitor, null, "", true)).toMatchObject({ step: { slug: "optin" } });
      expect(
        await command({
          intent: "saveFunnel",
          id,
          funnel: { name: "Webinar", slug: "webinar", status: "live" },
        }),
      ).toMatchObject({ ok: true });
      const first = await visit(visitor, null, "newsletter");
      expect(first).toMatchObject({ step: { kind: "optin" }, nextPath: "/f/webinar/thankyou" });
      await visit(visitor, "optin", "newsletter");
      await visit(visitor, "thankyou");
      expect(await visit(visitor, "nowhere")).toBeNull();
      const visits = await db.database.forAccount(accountId, (tx) =>
        tx
          .select()
          .from(funnelVisits)
          .where(and(eq(funnelVisits.accountId, accountId), eq(funnelVisits.funnelId, id))),
      );
      expect(visits).toHaveLength(2);
      expect(visits.every((row) => row.utmSource === "newsletter" && row.device === "mobile")).toBe(
        true,
      );

      // The opt-in's form sent from its page converts the visit once and leads on.
      for (let n = 0; n < 3; n++)
        expect(
          await advanceFrom(db.database, {
            accountId,
            path: "/f/webinar/optin",
            visitor,
            kind: "optin",
          }),
        ).toBe("/f/webinar/thankyou");
      expect(
        await advanceFrom(db.database, {
          accountId,
          path: "/f/webinar/optin",
          visitor,
          kind: "sales",
        }),
      ).toBeNull();
      expect(
        await advanceFrom(db.database, { accountId, path: "/elsewhere", visitor, kind: "optin" }),
      ).toBeNull();
      const told = await db.database.forAccount(accountId, (tx) =>
        tx
          .select()
          .from(domainEvents)
          .where(
            and(
              eq(domainEvents.accountId, accountId),
              eq(domainEvents.type, "funnel.step.converted"),
            ),
          ),
      );
      expect(told).toHaveLength(1);
    },
  );

  logicTest(
    "Issue 34 a split test copies the page as B, each visitor keeps theirs, and ending it keeps one page",
    async () => {
      const id = await funnel("Split");
      let { steps } = await loadFunnel(db.database, { accountId, viewer: owner, id });
      const optin = steps[0]!;
      expect(await command({ intent: "startSplit", id: optin.id })).toMatchObject({ ok: true });
      ({ steps } = await loadFunnel(db.database, { accountId, viewer: owner, id }));
      const b = steps[0]!.variantPageId!;
      const [copy] = await db.database.forAccount(accountId, (tx) =>
        tx
          .select()
          .from(pages)
          .where(and(eq(pages.accountId, accountId), eq(pages.id, b))),
      );
      expect(copy).toMatchObject({ kind: "funnel", title: `${optin.title} (B)` });
      await command({
        intent: "saveFunnel",
        id,
        funnel: { name: "Split", slug: "split", status: "live" },
      });
      const seen = new Set<string>();
      for (let n = 0; n < 40; n++) {
        const opened = await openStep(db.database, {
          accountId,
          funnelSlug: "split",
          stepSlug: "optin",
          visitor: crypto.randomUUID(),
          utm: { source: "", medium: "", campaign: "" },
          device: "desktop",
          preview: false,
        });
        seen.add(opened!.variant);
      }
      expect(seen).toEqual(new Set(["a", "b"]));
      const report = await funnelReport(db.database, {
        accountId,
        viewer: owner,
        funnelId: id,
        currency: "USD",
      });
      expect(report.steps[0]!.variants.map((row) => row.variant)).toEqual(["a", "b"]);
      expect(report.steps[0]!.variants.reduce((sum, row) => sum + row.visitors, 0)).toBe(40);
      expect(await command({ intent: "endSplit", id: optin.id, keep: "b" })).toMatchObject({
        ok: true,
      });
      ({ steps } = await loadFunnel(db.database, { accountId, viewer: owner, id }));
      expect(steps[0]).toMatchObject({ pageId: b, variantPageId: null });
    },
  );

  logicTest(
    "Issue 34 an upsell's yes skips the downsell its no leads to; the checkout's order lands on the next step",
    async () => {
      const id = await funnel("Offers");
      for (const kind of ["checkout", "upsell", "upsell"] as const)
        await command({ intent: "addStep", funnelId: id, kind });
      let { steps } = await loadFunnel(db.database, { accountId, viewer: owner, id });
      // optin, thankyou, checkout, upsell, upsell-2 → optin, checkout, upsell, downsell, thankyou
      const [optin, thanks, checkout, upsell, downsell] = steps;
      for (const [step, by] of [
        [thanks!, 1],
        [thanks!, 1],
        [thanks!, 1],
      ] as const)
        await command({ intent: "moveStep", id: step.id, by });
      await command({
        intent: "saveStep",
        id: upsell!.id,
        step: {
          title: "Upsell",
          slug: "upsell",
          offer: { productId: crypto.randomUUID() },
          declineStepId: downsell!.id,
        },
      });
      const stored = await db.database.forAccount(accountId, (tx) =>
        tx
          .select()
          .from(funnelSteps)
          .where(and(eq(funnelSteps.accountId, accountId), eq(funnelSteps.funnelId, id)))
          .orderBy(funnelSteps.position),
      );
      expect(stored.map((step) => step.id)).toEqual([
        optin!.id,
        checkout!.id,
        upsell!.id,
        downsell!.id,
        thanks!.id,
      ]);
      const up = stored[2]!;
      expect(nextStep(stored, up, "yes")?.id).toBe(thanks!.id);
      expect(nextStep(stored, up, "no")?.id).toBe(downsell!.id);
      expect(nextStep(stored, stored[3]!, "yes")?.id).toBe(thanks!.id);
      const visitor = crypto.randomUUID();
      expect(
        await funnelCheckout(db.database, { accountId, stepId: checkout!.id, visitor }),
      ).toBeNull();
      await command({
        intent: "saveFunnel",
        id,
        funnel: { name: "Offers", slug: "offers", status: "live" },
      });
      expect(
        await funnelCheckout(db.database, { accountId, stepId: checkout!.id, visitor }),
      ).toEqual({
        mark: { funnelId: id, stepId: checkout!.id, visitor },
        thanksPath: "/f/offers/upsell",
      });
      expect(
        await funnelCheckout(db.database, { accountId, stepId: optin!.id, visitor }),
      ).toBeNull();
      expect(
        await funnelCheckout(db.database, { accountId, stepId: checkout!.id, visitor: null }),
      ).toBeNull();
      ({ steps } = await loadFunnel(db.database, { accountId, viewer: owner, id }));
      expect(steps).toHaveLength(5);
    },
  );

  logicTest(
    "Issue 34 the report: visitors, conversions and revenue per step, paid orders less refunds, by UTM source and device",
    async () => {
      const id = await funnel("Report");
      await command({ intent: "addStep", funnelId: id, kind: "checkout" });
      await command({ intent: "addStep", funnelId: id, kind: "upsell" });
      await command({
        intent: "saveFunnel",
        id,
        funnel: { name: "Report", slug: "report", status: "live" },
      });
      const { steps } = await loadFunnel(db.database, { accountId, viewer: owner, id });
      const [optin, , checkout, upsell] = steps;
      const open = (visitor: string, stepSlug: string, source: string, device: string) =>
        openStep(db.database, {
          accountId,
          funnelSlug: "report",
          stepSlug,
          visitor,
          utm: { source, medium: "", campaign: "" },
          device,
          preview: false,
        });
      const [ann, bob, cat] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      await open(ann, "optin", "youtube", "mobile");
      await open(bob, "optin", "youtube", "desktop");
      await open(cat, "optin", "", "desktop");
      await open(ann, "checkout", "", "mobile");
      await open(bob, "checkout", "", "desktop");
      await open(ann, "upsell", "", "mobile");
      const { user } = await createMember(db.database, { accountId, roleName: "student" });
      const order = (visitor: string, values: Partial<typeof orders.$inferInsert>) =>
        db.database.forAccount(accountId, (tx) =>
          tx.insert(orders).values({
            accountId,
            userId: user.id,
            email: "buyer@example.test",
            currency: "USD",
            subtotal: values.total ?? 0,
            total: 0,
            provider: "offline",
            status: "paid",
            checkoutKey: crypto.randomUUID(),
            funnel: { funnelId: id, stepId: checkout!.id, visitor },
            ...values,
          }),
        );
      // Ann paid 70 with a 20 upsell on the same order; Bob paid 50, 10 refunded; a pending one counts nothing.
      await order(ann, {
        total: 7000,
        funnel: {
          funnelId: id,
          stepId: checkout!.id,
          visitor: ann,
          upsells: [{ stepId: upsell!.id, amount: 2000 }],
        },
      });
      await order(bob, { total: 5000, refunded: 1000 });
      await order(cat, { total: 9900, status: "pending" });
      const report = await funnelReport(db.database, {
        accountId,
        viewer: owner,
        funnelId: id,
        currency: "USD",
      });
      const byStep = Object.fromEntries(report.steps.map((step) => [step.stepId, step]));
      expect(byStep[optin!.id]).toMatchObject({ visitors: 3, conversions: 0, revenue: 0 });
      expect(byStep[checkout!.id]).toMatchObject({
        visitors: 2,
        conversions: 2,
        revenue: 5000 + 4000,
      });
      expect(byStep[upsell!.id]).toMatchObject({ visitors: 1, revenue: 2000 });
      expect(report.bySource).toEqual([
        { source: "youtube", visitors: 2, conversions: 2, revenue: 11_000 },
        { source: "", visitors: 1, conversions: 0, revenue: 0 },
      ]);
      expect(report.byDevice).toEqual([
        { device: "desktop", visitors: 2, conversions: 1, revenue: 4000 },
        { device: "mobile", visitors: 1, conversions: 1, revenue: 7000 },
      ]);
    },
  );
});
