import { Hono, type Context } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { OptionCaches } from "~/features/options/options.server";
import type { Database } from "~/platform/db/database.server";
import { AppError, errorCatalogue, type ErrorCode } from "~/platform/errors";
import {
  createProduct,
  deleteProduct,
  listProducts,
  loadProductEditor,
  requireProductManager,
  saveProduct,
  type ProductSaveAnswer,
} from "./product-editor.server";

type ProductsApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalogue, code);

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A JSON object body, else 400 (the input rule has already refused what is not clean text). */
export async function jsonObject(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError({ code: "request.invalid" });
  return body as Record<string, unknown>;
}

/**
 * A use case's refusal as the API's error: a taken address is its own catalogue code (409),
 * anything else `request.invalid` with the refused field and reason as a field issue.
 */
export function refusal(answer: { code: string; field?: string }): AppError {
  if (isErrorCode(answer.code)) return new AppError({ code: answer.code });
  return new AppError({
    code: "request.invalid",
    details: [{ path: answer.field ?? "", code: "custom", origin: answer.code }],
  });
}

/**
 * Issue 16: the site's products as JSON for its managers (manage_options, super-admins): list
 * with search and status, one product with its prices and grants, add, change, delete, and a
 * quick draft. The same use cases serve the dashboard's screens.
 */
export function productsApi({
  database,
  caches = null,
}: {
  database: Database;
  caches?: OptionCaches | null;
}) {
  const api = new Hono<ProductsApiEnv>();

  function managing(c: Context<ProductsApiEnv>) {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    c.header("Cache-Control", "no-store");
    const who = { database, account: tenant.account, viewer: c.var.viewer, caches };
    requireProductManager(who);
    return who;
  }
  const productId = (c: Context<ProductsApiEnv>) => {
    const id = c.req.param("id") ?? "";
    if (!uuid.test(id)) throw new AppError({ code: "route.notFound" });
    return id;
  };
  const answer = (c: Context<ProductsApiEnv>, result: ProductSaveAnswer, created = false) => {
    if (!result.ok) throw refusal(result);
    return c.json(result, created ? 201 : 200);
  };

  api.get("/products", async (c) => c.json(await listProducts(managing(c), c.req.query())));

  api.post("/products", async (c) => {
    const who = managing(c);
    return answer(c, await saveProduct(who, null, await jsonObject(c)), true);
  });

  api.post("/products/draft", async (c) => {
    const who = managing(c);
    return answer(c, await createProduct(who, await jsonObject(c)), true);
  });

  api.get("/products/:id", async (c) => {
    const who = managing(c);
    const editor = await loadProductEditor(who, productId(c));
    return c.json({ product: editor.product, currencies: editor.currencies });
  });

  api.put("/products/:id", async (c) => {
    const who = managing(c);
    const id = productId(c);
    return answer(c, await saveProduct(who, id, await jsonObject(c)));
  });

  api.delete("/products/:id", async (c) => {
    const who = managing(c);
    return c.json(await deleteProduct(who, productId(c)));
  });

  return api;
}
