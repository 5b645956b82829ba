import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { forms } from "~/features/forms/tables.server";
import { funnels, funnelSteps, funnelVisits } from "~/features/funnels/tables.server";
import { pages } from "~/features/pages/tables.server";
import { products } from "~/features/products/tables.server";
import type { Tx } from "~/platform/db/database.server";

// The demo's funnel (issue 34, decision 063): what a newcomer opens at /f/design-launch — the
// newsletter form, a sales page, Design Foundations with The Web from Scratch as its bump, a
// thank-you — and a few weeks of visits, so its report has something to show.

type StepSeed = {
  kind: "optin" | "sales" | "checkout" | "thankyou";
  slug: string;
  title: string;
  subtitle: string;
  text: string;
};

const steps: StepSeed[] = [
  {
    kind: "optin",
    slug: "guide",
    title: "The free design starter guide",
    subtitle: "Twelve pages on layout, type and colour, in your inbox today.",
    text: "Leave your address below: the guide comes first, then a letter a month. Leave whenever you like.",
  },
  {
    kind: "sales",
    slug: "course",
    title: "Design Foundations",
    subtitle: "From a blank page to a layout you are proud of, in six weeks.",
    text: "Twenty-four short lessons, a quiz for each part, and a certificate at the end. Lifetime access and a 30-day refund promise.",
  },
  {
    kind: "checkout",
    slug: "checkout",
    title: "Your order",
    subtitle: "One payment, lifetime access.",
    text: "Add The Web from Scratch below and build the sites you design.",
  },
  {
    kind: "thankyou",
    slug: "thank-you",
    title: "Welcome aboard",
    subtitle: "Your courses open as soon as the payment is confirmed.",
    text: "Find them under My courses in your dashboard.",
  },
];

const pageData = (step: StepSeed) => ({
  root: { props: {} },
  content: [
    {
      type: "Hero",
      props: {
        id: `hero-${step.slug}`,
        title: step.title,
        subtitle: step.subtitle,
        image: "",
        ctaLabel: "",
        ctaHref: "",
        align: "center",
      },
    },
    { type: "Text", props: { id: `text-${step.slug}`, text: step.text } },
  ],
});

/**
 * Visits of the last weeks: each step fewer than the one before, from three sources and none;
 * nobody has bought yet (a checkout converts with a paid order), so the thank-you has none.
 */
function demoVisits(stepIds: string[]) {
  const sources = ["youtube", "newsletter", "instagram", ""];
  const devices = ["desktop", "mobile", "mobile", "tablet"];
  const reach = [240, 150, 64];
  const rows: (typeof funnelVisits.$inferInsert & { stepIndex: number })[] = [];
  for (let visitor = 0; visitor < reach[0]!; visitor++) {
    const id = randomUUID();
    const seen = new Date(Date.now() - ((visitor * 7) % 30) * 86_400_000 - visitor * 60_000);
    for (const [index, stepId] of stepIds.entries()) {
      if (index >= reach.length || visitor >= reach[index]!) break;
      rows.push({
        stepIndex: index,
        accountId: "",
        funnelId: "",
        stepId,
        visitor: id,
        utmSource: sources[visitor % sources.length]!,
        device: devices[visitor % devices.length]!,
        seenAt: new Date(seen.getTime() + index * 90_000),
        // Those who reached the next step converted here (the checkout's come from orders).
        convertedAt:
          index < 2 && visitor < reach[index + 1]!
            ? new Date(seen.getTime() + index * 90_000 + 60_000)
            : null,
      });
    }
  }
  return rows;
}

export async function insertDemoFunnel(tx: Tx, { accountId }: { accountId: string }) {
  const [form] = await tx
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.accountId, accountId), eq(forms.slug, "newsletter")));
  const sold = await tx
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(
      and(
        eq(products.accountId, accountId),
        inArray(products.slug, ["design-foundations", "web-from-scratch"]),
      ),
    );
  const productOf = (slug: string) => sold.find((row) => row.slug === slug)?.id;
  const main = productOf("design-foundations");
  const bump = productOf("web-from-scratch");
  const [funnel] = await tx
    .insert(funnels)
    .values({ accountId, name: "Design Foundations launch", slug: "design-launch", status: "live" })
    .returning({ id: funnels.id });
  const stepIds: string[] = [];
  for (const [position, step] of steps.entries()) {
    const [page] = await tx
      .insert(pages)
      .values({
        accountId,
        title: step.title,
        slug: `funnel-${randomUUID()}`,
        kind: "funnel",
        status: "published",
        publishedAt: new Date(),
        data: pageData(step),
      })
      .returning({ id: pages.id });
    const [row] = await tx
      .insert(funnelSteps)
      .values({
        accountId,
        funnelId: funnel!.id,
        position,
        kind: step.kind,
        title: step.title,
        slug: step.slug,
        pageId: page!.id,
        settings: {
          formId: step.kind === "optin" ? (form?.id ?? null) : null,
          products: step.kind === "checkout" && main ? [{ productId: main, priceId: null }] : [],
          bump:
            step.kind === "checkout" && bump
              ? { productId: bump, priceId: null, headline: "Yes, add The Web from Scratch" }
              : null,
          offer: null,
          declineStepId: null,
        },
      })
      .returning({ id: funnelSteps.id });
    stepIds.push(row!.id);
  }
  const visits = demoVisits(stepIds).map(({ stepIndex: _index, ...visit }) => ({
    ...visit,
    accountId,
    funnelId: funnel!.id,
  }));
  for (let at = 0; at < visits.length; at += 500)
    await tx.insert(funnelVisits).values(visits.slice(at, at + 500));
}
