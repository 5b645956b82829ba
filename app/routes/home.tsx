import { tenantContext } from "~/features/accounts/tenant";
import { listPlans } from "~/features/plans/plans.server";
import { listLatestPosts } from "~/features/posts/posts.server";
import { servicesContext } from "~/platform/request-context";
import { PlatformHome } from "./platform/home";
import { SiteHome } from "./site/home";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const tenant = context.get(tenantContext);
  const { database, baseDomain } = context.get(servicesContext);
  if (tenant.kind === "account") {
    const posts = await listLatestPosts(database, { accountId: tenant.account.accountId });
    return {
      kind: "site" as const,
      title: tenant.account.settings.sitetitle ?? tenant.account.slug,
      description: tenant.account.settings.description ?? "",
      posts,
    };
  }
  const url = new URL(request.url);
  const port = url.port ? `:${url.port}` : "";
  const plans = await listPlans(database);
  return {
    kind: "platform" as const,
    plans: plans.map(({ id, label, description, pricing }) => ({
      id,
      label,
      description,
      pricing,
    })),
    demoUrls: ["demo", "acme"].map((slug) => `${url.protocol}//${slug}.${baseDomain}${port}/`),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (loaderData?.kind === "site") {
    return [
      { title: loaderData.title },
      { name: "description", content: loaderData.description },
      { property: "og:title", content: loaderData.title },
    ];
  }
  return [
    { title: "Lyceum — courses, community and commerce on your own site" },
    { name: "description", content: "Lyceum is the all-in-one platform for creators who teach." },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "site") {
    return (
      <SiteHome
        title={loaderData.title}
        description={loaderData.description}
        posts={loaderData.posts}
      />
    );
  }
  return <PlatformHome plans={loaderData.plans} demoUrls={loaderData.demoUrls} />;
}
