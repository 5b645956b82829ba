import { domainPattern } from "~/platform/patterns";

/**
 * Where an account's site lives: its custom domain when that matches the domain pattern,
 * else `{slug}.{base domain}` (spec §5), with the scheme and port of the given origin (the
 * request's), so local development keeps `http://demo.localhost:3000`.
 */
export function siteOrigin({
  slug,
  domain,
  baseDomain,
  like,
}: {
  slug: string;
  domain?: string | null;
  baseDomain: string;
  /** Any origin or URL of this deployment; its scheme and port are reused. */
  like: string;
}): string {
  const reference = new URL(like);
  const host = domain && domainPattern.test(domain) ? domain : `${slug}.${baseDomain}`;
  const port = reference.port ? `:${reference.port}` : "";
  return `${reference.protocol}//${host}${port}`;
}
