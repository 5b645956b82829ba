import { createContext, useContext } from "react";

/**
 * Whose shop the managers' screens act on: the host site's, or (the console) the platform's own,
 * whose API calls carry `?scope=platform` and which has no CSV export of its own yet.
 */
export type ShopScope = { api: (path: string) => string; csvPath: string | null };

const siteScope: ShopScope = { api: (path) => path, csvPath: "/dashboard/orders.csv" };
export const platformScope: ShopScope = { api: (path) => `${path}?scope=platform`, csvPath: null };

export const ShopScopeContext = createContext<ShopScope>(siteScope);
export const useShopScope = () => useContext(ShopScopeContext);
