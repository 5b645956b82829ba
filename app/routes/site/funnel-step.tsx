import { Anchor, Group } from "@mantine/core";
import { data, redirect } from "react-router";
import { SiteLogo } from "~/features/header/header";
import { siteAccount, notFound } from "~/features/accounts/accounts.server";
import { formsMarkupFor, postedAnswers } from "~/features/forms/forms.server";
import {
  deviceOf,
  funnelVisitorOf,
  funnelVisitorSetCookie,
  FunnelStepSection,
  stepPath,
  type StepSection,
} from "~/features/funnels/funnels";
import {
  advanceFrom,
  convertUpsell,
  openStep,
  upsellStep,
} from "~/features/funnels/funnels.server";
import { viewerContext } from "~/features/members/members";
import { can } from "~/features/members/members.server";
import { OrderThanksIsland } from "~/features/orders/orders.islands";
import { orderView, shopCurrency, takeUpsell } from "~/features/orders/orders.server";
import { negotiateContentLanguage } from "~/features/content/content";
import { PageScreen } from "~/features/pages/pages";
import { getPage } from "~/features/pages/pages.server";
import { paymentDepsContext } from "~/features/payments/payments.server";
import { cartItemOf } from "~/features/products/products";
import { offeredProducts } from "~/features/products/products.server";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { AppError, isAppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import { islandsHandle } from "~/platform/islands/island-document";
import { jobQueueContext } from "~/platform/jobs/jobs-context.server";
import { servicesContext } from "~/platform/request-context";
import { secretBoxContext } from "~/platform/secret-box.server";
import type { Route } from "./+types/funnel-step";

// HTML plus its islands (decision 048): the page's blocks and the step's forms are HTML; only a
// checkout step's offer is an island.
export const handle = islandsHandle;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const utmOf = (url: URL) => ({
  source: (url.searchParams.get("utm_source") ?? "").slice(0, 100),
  medium: (url.searchParams.get("utm_medium") ?? "").slice(0, 100),
  campaign: (url.searchParams.get("utm_campaign") ?? "").slice(0, 100),
});

/** The buyer's own order named by `?order=` (their funnel's), or null for anyone else. */
async function buyersOrder({ context, request }: Pick<Route.LoaderArgs, "context" | "request">) {
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const viewer = context.get(viewerContext);
  if (!viewer || !uuid.test(orderId)) return null;
  const { database } = context.get(servicesContext);
  return orderView(database, { accountId: siteAccount(context).accountId, viewer, orderId }).catch(
    (error: unknown) => {
      if (isAppError(error)) return null;
      throw error;
    },
  );
}

/**
 * `/f/{funnel}/{step}` (issue 34, decision 063): the step's page (or its split test's B page
 * for this visitor) and the step's own part. The visitor's first-party id is set here; their
 * visit counts once per step. A draft funnel opens only for its managers, as a preview.
 */
export function loader(args: Route.LoaderArgs) {
  return answerAppErrors(() => openedStep(args));
}

async function openedStep({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { accountId } = account;
  const { database, lang } = context.get(servicesContext);
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const known = funnelVisitorOf(request.headers.get("cookie"));
  const visitor = known ?? crypto.randomUUID();
  const headers = new Headers();
  if (!known)
    headers.append(
      "Set-Cookie",
      funnelVisitorSetCookie(visitor, { secure: url.protocol === "https:" }),
    );
  const opened = await openStep(database, {
    accountId,
    funnelSlug: params.funnelSlug,
    stepSlug: params.stepSlug ?? null,
    visitor,
    utm: utmOf(url),
    device: deviceOf(request.headers.get("user-agent")),
    preview: can(viewer, "manage_options"),
  });
  if (!opened) notFound();
  if (!params.stepSlug)
    throw redirect(`${stepPath(opened.funnel.slug, opened.step.slug)}${url.search}`, { headers });
  const formsMarkup = formsMarkupFor(
    { database, secretBox: context.get(secretBoxContext) },
    { accountId, lang, url },
  );
  // A step's page may have translations (the page builder's): the visitor's language is shown.
  const page = await getPage(database, {
    accountId,
    slug: opened.pageSlug,
    kind: "funnel",
    lang,
    choose: negotiateContentLanguage(request, lang).choose,
    formsMarkup,
  });
  if (!page) notFound();
  const { step } = opened;
  const currency = shopCurrency(account);
  const offered = async (offers: { productId: string; priceId: string | null }[]) =>
    (await offeredProducts(database, { accountId, offers, currency })).map((product) => ({
      item: cartItemOf(product, product.price),
      price: product.price,
    }));
  const order =
    step.kind === "thankyou" || step.kind === "upsell"
      ? await buyersOrder({ context, request })
      : null;
  let part: Exclude<StepSection, { kind: "thankyou" }> | { kind: "thankyou" };
  switch (step.kind) {
    case "optin": {
      const id = step.settings.formId;
      part = { kind: "optin", formHtml: id ? ((await formsMarkup([id]))[id] ?? "") : "" };
      break;
    }
    case "sales":
      part = { kind: "sales", nextPath: opened.nextPath };
      break;
    case "checkout": {
      const bump = step.settings.bump;
      const [bumpLine] = bump ? await offered([bump]) : [];
      part = {
        kind: "checkout",
        stepId: step.id,
        lines: await offered(step.settings.products),
        bump: bump && bumpLine ? { ...bumpLine, headline: bump.headline } : null,
      };
      break;
    }
    case "upsell": {
      const [offer] = step.settings.offer ? await offered([step.settings.offer]) : [];
      part = {
        kind: "upsell",
        offer: offer ? { title: offer.item.title, price: offer.price } : null,
        orderId: order?.id ?? null,
        declinePath: opened.declinePath,
      };
      break;
    }
    case "thankyou":
      part = { kind: "thankyou" };
      break;
  }
  return data(
    {
      title: page.title,
      page,
      account,
      part,
      order,
      preview: opened.funnel.status !== "live",
      ...sitePageData(
        { account, request, lang },
        order ? ["funnelPage", "productOffer", "orderPage"] : ["funnelPage", "productOffer"],
      ),
    },
    { headers },
  );
}

/** The step's own answers: the sales page's button, an upsell's yes and no. */
export function action(args: Route.ActionArgs) {
  return answerAppErrors(() => answerStep(args));
}

async function answerStep({ context, params, request }: Route.ActionArgs) {
  const { accountId } = siteAccount(context);
  const { database } = context.get(servicesContext);
  const raw = await postedAnswers(request);
  const visitor = funnelVisitorOf(request.headers.get("cookie"));
  const path = stepPath(params.funnelSlug, params.stepSlug ?? "");
  if (raw.intent === "next") {
    const next = await advanceFrom(database, { accountId, path, visitor, kind: "sales" });
    if (!next) notFound();
    return redirect(next, 303);
  }
  if (raw.intent !== "accept" && raw.intent !== "decline")
    throw new AppError({ code: "request.invalid" });
  const upsell = await upsellStep(database, {
    accountId,
    funnelSlug: params.funnelSlug,
    stepSlug: params.stepSlug ?? "",
  });
  if (!upsell) notFound();
  const orderId = typeof raw.order === "string" && uuid.test(raw.order) ? raw.order : null;
  if (raw.intent === "decline" || !orderId)
    return redirect(`${upsell.declinePath}${orderId ? `?order=${orderId}` : ""}`, 303);
  const taken = await takeUpsell(
    {
      ...context.get(paymentDepsContext),
      database,
      jobs: context.get(jobQueueContext),
    },
    {
      accountId,
      viewer: context.get(viewerContext),
      orderId,
      upsell: {
        funnelId: upsell.funnelId,
        stepId: upsell.step.id,
        productId: upsell.offer.productId,
        priceId: upsell.offer.priceId,
      },
      origin: new URL(request.url).origin,
      thanksPath: upsell.nextPath,
    },
  );
  if (visitor) await convertUpsell(database, { accountId, step: upsell.step, visitor });
  if (taken.kind === "placed" && taken.placed.start?.kind === "redirect")
    return redirect(taken.placed.start.url, 303);
  const shown =
    taken.kind === "placed"
      ? taken.placed.order.id
      : taken.kind === "charged"
        ? taken.order.id
        : orderId;
  return redirect(`${upsell.nextPath}?order=${shown}`, 303);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers(loaderHeaders);
  // Each visitor's page (their split, their order): never stored by anyone.
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex");
  headers.set("Vary", "Accept-Language");
  return headers;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...seo(loaderData), { name: "robots", content: "noindex" }];
}

export default function FunnelStep({ loaderData }: Route.ComponentProps) {
  const { page, part, order, preview } = loaderData;
  return (
    <>
      <Group justify="center" py="md">
        <Anchor href="/" aria-label={loaderData.siteName}>
          <SiteLogo account={loaderData.account} />
        </Anchor>
      </Group>
      <PageScreen page={page} languages={null} />
      <FunnelStepSection
        preview={preview}
        part={
          part.kind === "thankyou"
            ? { kind: "thankyou", order: order ? <OrderThanksIsland initial={order} /> : null }
            : part
        }
      />
    </>
  );
}
