import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { plainText } from "~/platform/plain-text";
import { ProductScreen } from "~/features/products/products";
import { getProductPage } from "~/features/products/products.server";
import { minorToDecimal } from "~/features/cart/cart";
import { breadcrumbLd, jsonLd, productLd, seo, socialCardPath } from "~/features/site/site";
import { breadcrumbTrail, sitePageData } from "~/features/site/site.server";
import { servicesContext } from "~/platform/request-context";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/product";

// HTML plus its islands (decision 048): its buying box is an island.
export const handle = islandsHandle;

/**
 * Issue 16 `/product/{slug}`: a published product (listed or hidden) with its prices in the
 * site's currency first. The same for every visitor, so it is kept by the page cache.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const product = await getProductPage(database, {
    accountId: account.accountId,
    slug: params.slug,
    currency: account.settings.currency ?? "USD",
  });
  if (!product) notFound();
  const pageData = sitePageData({ account, request, lang }, ["productOffer", "productPage"]);
  return {
    product,
    description: plainText(product.descriptionHtml).slice(0, 300),
    ...pageData,
    trail: breadcrumbTrail(pageData.site, lang),
  };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { product, description, siteName, url, site, trail } = loaderData;
  const offers = product.prices.map((price) => ({
    price: minorToDecimal(price.amount, price.currency),
    currency: price.currency,
    url,
  }));
  return [
    ...seo({
      title: product.title,
      siteName,
      description,
      url,
      image: product.image ?? undefined,
      card: socialCardPath("product", params.slug),
    }),
    ...jsonLd(
      productLd({ ...product, url, description, offers, site }),
      breadcrumbLd([...trail, { name: product.title, url }]),
    ),
  ];
}

export default function Product({ loaderData }: Route.ComponentProps) {
  return <ProductScreen product={loaderData.product} />;
}
