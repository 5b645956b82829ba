import type { ServerServices } from "./app-env";

/** Where a site's links point when no request tells (a job): its domain, else `{slug}.{base}`. */
export function siteAddressOf({ env }: Pick<ServerServices, "env">) {
  const like =
    env.NODE_ENV === "production"
      ? `https://${env.BASE_DOMAIN}`
      : `http://${env.BASE_DOMAIN}${env.PORT ? `:${env.PORT}` : ""}`;
  return { baseDomain: env.BASE_DOMAIN, like };
}
