import type { ZodType } from "zod";
import { summaryQuerySchema } from "~/features/analytics/analytics";
import { couponCreateSchema, couponPatchSchema } from "~/features/coupons/coupons.server";
import {
  productCreateSchema,
  productInputSchema,
  productListQuerySchema,
} from "~/features/products/products.server";
import { searchQuerySchema } from "~/features/search/search.server";
import type { ApiScope } from "./scopes";

export type ApiRoute = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI's form: `{name}` for a path parameter. */
  path: string;
  summary: string;
  tag: string;
  /** The scope a key needs; null: any live key (and, where `open`, no key at all). */
  scope: ApiScope | null;
  /** Answered without a key or session too. */
  open?: true;
  /** The very schemas the route parses its query and body with (exported by their features). */
  query?: ZodType;
  body?: ZodType;
  /** The status a success answers. */
  success: 200 | 201;
};

/**
 * The routes an API key may reach (decision 086), and the one source of the OpenAPI document:
 * a key's request to anything not listed here is refused before any handler runs, so what is
 * described is what a key can do. Its test calls every entry and checks it answers.
 */
export const apiRoutes: readonly ApiRoute[] = [
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This description",
    tag: "API",
    scope: null,
    open: true,
    success: 200,
  },
  {
    method: "get",
    path: "/api/search",
    summary: "Search the site's courses, posts, pages and (for members) members",
    tag: "Search",
    scope: null,
    open: true,
    query: searchQuerySchema,
    success: 200,
  },
  {
    method: "get",
    path: "/api/products",
    summary: "List products, a page at a time, by title or status",
    tag: "Products",
    scope: "products:read",
    query: productListQuerySchema,
    success: 200,
  },
  {
    method: "get",
    path: "/api/products/{id}",
    summary: "One product with its prices and grants",
    tag: "Products",
    scope: "products:read",
    success: 200,
  },
  {
    method: "post",
    path: "/api/products",
    summary: "Add a product",
    tag: "Products",
    scope: "products:write",
    body: productInputSchema,
    success: 201,
  },
  {
    method: "post",
    path: "/api/products/draft",
    summary: "Add a draft product from a title and a kind",
    tag: "Products",
    scope: "products:write",
    body: productCreateSchema,
    success: 201,
  },
  {
    method: "put",
    path: "/api/products/{id}",
    summary: "Change a product",
    tag: "Products",
    scope: "products:write",
    body: productInputSchema,
    success: 200,
  },
  {
    method: "delete",
    path: "/api/products/{id}",
    summary: "Delete a product",
    tag: "Products",
    scope: "products:write",
    success: 200,
  },
  {
    method: "get",
    path: "/api/coupons",
    summary: "List coupons",
    tag: "Coupons",
    scope: "coupons:read",
    success: 200,
  },
  {
    method: "post",
    path: "/api/coupons",
    summary: "Add a coupon",
    tag: "Coupons",
    scope: "coupons:write",
    body: couponCreateSchema,
    success: 201,
  },
  {
    method: "patch",
    path: "/api/coupons/{id}",
    summary: "Change a coupon",
    tag: "Coupons",
    scope: "coupons:write",
    body: couponPatchSchema,
    success: 200,
  },
  {
    method: "delete",
    path: "/api/coupons/{id}",
    summary: "Delete a coupon",
    tag: "Coupons",
    scope: "coupons:write",
    success: 200,
  },
  {
    method: "get",
    path: "/api/orders/{id}",
    summary: "One order (its buyer and managers)",
    tag: "Orders",
    scope: "orders:read",
    success: 200,
  },
  {
    method: "get",
    path: "/api/analytics/summary",
    summary: "Page views, top pages and sales for a range of days (at most a year)",
    tag: "Analytics",
    scope: "analytics:read",
    query: summaryQuerySchema,
    success: 200,
  },
];

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/\{[a-zA-Z]+\}/g, "[^/]+").replace(/\./g, "\\.")}$`);
const matchers = apiRoutes.map((route) => ({ route, pattern: patternOf(route.path) }));

/** The registry's entry for a request, if any (HEAD is GET's). */
export function apiRouteFor(method: string, path: string): ApiRoute | undefined {
  const wanted = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  // A literal path before a pattern: `/api/products/draft` is not `/api/products/{id}`.
  const candidates = matchers.filter(
    ({ route, pattern }) => route.method === wanted && pattern.test(path),
  );
  return (candidates.find(({ route }) => !route.path.includes("{")) ?? candidates[0])?.route;
}
