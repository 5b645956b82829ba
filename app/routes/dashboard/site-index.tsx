import { Card, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { tenantContext } from "~/features/accounts/tenant";
import { requireViewer } from "~/features/auth/guards.server";
import { MemberMenuEditor } from "~/features/dashboard/components/member-menu-editor";
import { loadMemberMenuSetting } from "~/features/dashboard/dashboard.server";
import { AppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/site-index";

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer({ context, request });
  const tenant = context.get(tenantContext);
  const { database } = context.get(servicesContext);
  return answerAppErrors(async () => {
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    return loadMemberMenuSetting(database, { account: tenant.account, viewer });
  });
}

export function meta() {
  return [{ title: "Site settings" }, { name: "robots", content: "noindex" }];
}

const editors = [
  { id: "manageTheme", href: "/dashboard/manage/site/theme" },
  { id: "manageHeader", href: "/dashboard/manage/site/header" },
  { id: "manageFooter", href: "/dashboard/manage/site/footer" },
];

/** D16 hub: the public site's editors, and D8 the member menu's items and order. */
export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("dashboard.sections.manageSite.title")}</Title>
          <Text c="dimmed">{t("dashboard.sections.manageSite.description")}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {editors.map((editor) => (
            <Card key={editor.id} component={Link} to={editor.href} withBorder radius="md" p="lg">
              <Text fw={700}>{t(`dashboard.sections.${editor.id}.title`)}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`dashboard.sections.${editor.id}.description`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <MemberMenuEditor enabled={loaderData.enabled} />
      </Stack>
    </Container>
  );
}
