import { Container, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconSquarePlus } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { textFromMatches } from "~/platform/i18n/i18n";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/section";

/** The screen's rule from the sections registry, found by the request's path. */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["dashboardSections"], openDashboardSection);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData
    ? textFromMatches(matches, `dashboard.sections.${loaderData.id}.title`)
    : undefined;
  return [{ title: title ?? "Dashboard" }, { name: "robots", content: "noindex" }];
}

/**
 * A dashboard screen whose tools arrive with later work: it says what will be here, behind the
 * same permission check the finished screen will have.
 */
export default function DashboardSection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const key = `dashboard.sections.${loaderData.id}`;
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <Title order={1}>{t(`${key}.title`)}</Title>
        <Paper withBorder radius="md" p="xl" data-testid="section-empty-state">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconSquarePlus size={28} aria-hidden />
            </ThemeIcon>
            <Text fw={600} size="lg">
              {t("dashboard.sections.comingTitle")}
            </Text>
            <Text c="dimmed" maw={520}>
              {t(`${key}.description`)}
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
