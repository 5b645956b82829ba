import { Container } from "@mantine/core";
import { MemberCertificates } from "~/features/certificates/certificates";
import { listMyCertificates } from "~/features/certificates/certificates.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/certificates";

/** A member's own certificates (the screen's rule: lms on). */
export async function loader(args: Route.LoaderArgs) {
  const { lang } = args.context.get(servicesContext);
  return loadDashboardScreen(args, ["memberCertificates"], async (database, request) => {
    await openDashboardSection(database, request);
    const certificates = await listMyCertificates(database, {
      account: request.account,
      viewer: request.viewer,
      origin: new URL(args.request.url).origin,
    });
    return { certificates, lang };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.certificates.title",
    fallback: "Certificates",
  });
}

export default function Certificates({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="md" py="md">
      <MemberCertificates certificates={loaderData.certificates} lang={loaderData.lang} />
    </Container>
  );
}
