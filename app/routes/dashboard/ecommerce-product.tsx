import "@mantine/tiptap/styles.css";
import "@mantine/dropzone/styles.css";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { ProductEditor } from "~/features/products/products";
import { commandProduct, loadProductEditor } from "~/features/products/products.server";
import { AppError } from "~/platform/errors";
import type { Route } from "./+types/ecommerce-product";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `new` is a product not saved yet; anything else must be a product's id. */
function productId(params: { id: string }): string | null {
  if (params.id === "new") return null;
  if (!uuid.test(params.id)) throw new AppError({ code: "route.notFound" });
  return params.id;
}

/** Issue 16 the product editor (`/dashboard/manage/ecommerce/product/{id|new}`, managers). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["ecommerceProducts"], async (database, request) => {
    await openDashboardSection(database, request);
    const managing = { database, account: request.account, viewer: request.viewer };
    return { editor: await loadProductEditor(managing, productId(args.params)) };
  });
}

/** Saves the product whole (fields, prices, grants); a new one answers its id. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    productId(args.params);
    return commandProduct(
      { database, account: request.account, viewer: request.viewer, caches: request.caches },
      body,
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageProduct.title",
    fallback: "Product",
  });
}

export default function EcommerceProduct({ loaderData }: Route.ComponentProps) {
  // A new product's editor starts afresh when its first save moves it to its own address.
  return <ProductEditor key={loaderData.editor.product?.id ?? "new"} data={loaderData.editor} />;
}
