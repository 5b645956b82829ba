import { CouponsPanel } from "~/features/coupons/coupons";
import { listCoupons } from "~/features/coupons/coupons.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { EcommerceScreen, type EcommerceTab } from "~/features/products/products";
import { commandProduct, listProducts } from "~/features/products/products.server";
import { PaymentSettingsPanel } from "~/features/payments/payments";
import type { Route } from "./+types/ecommerce";

const tabs: readonly EcommerceTab[] = ["products", "coupons", "payments"];

/**
 * Issue 16 `/dashboard/manage/ecommerce` (managers): products, and the coupons and payments
 * features' panels in their tabs.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["ecommerceProducts"], async (database, request) => {
    await openDashboardSection(database, request);
    const url = new URL(args.request.url);
    const asked = url.searchParams.get("tab");
    const tab = tabs.find((name) => name === asked) ?? "products";
    const managing = { database, account: request.account, viewer: request.viewer };
    const query = Object.fromEntries(
      ["q", "status", "page"].flatMap((key) => {
        const value = url.searchParams.get(key);
        return value === null || value === "" ? [] : [[key, value]];
      }),
    );
    const list = await listProducts(managing, query);
    // The coupons tab's data is the coupons feature's; the payments panel reads its own API.
    const coupons =
      tab === "coupons"
        ? await listCoupons(database, {
            accountId: request.account.accountId,
            viewer: request.viewer,
          })
        : null;
    return { tab, list, coupons, currency: request.account.settings.currency ?? "USD" };
  });
}

/** Quick create and delete from the list (a JSON body). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandProduct(
      { database, account: request.account, viewer: request.viewer, caches: request.caches },
      body,
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageEcommerce.title",
    fallback: "E-commerce",
  });
}

export default function Ecommerce({ loaderData }: Route.ComponentProps) {
  return (
    <EcommerceScreen
      tab={loaderData.tab}
      list={loaderData.list}
      coupons={
        loaderData.coupons ? (
          <CouponsPanel
            coupons={loaderData.coupons.coupons}
            products={loaderData.coupons.products}
            currency={loaderData.currency}
          />
        ) : null
      }
      payments={<PaymentSettingsPanel />}
    />
  );
}
