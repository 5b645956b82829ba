import { Anchor, Group, Tabs, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useNavigate } from "react-router";

/** The course's reports: its gradebook and its stats, as two tabs with their own addresses. */
export function CourseReportTabs({
  courseId,
  courseTitle,
  active,
}: {
  courseId: string;
  courseTitle: string;
  active: "gradebook" | "stats";
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = `/dashboard/course/${courseId}`;
  return (
    <>
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap">
        <Title order={1} size="h2">
          {courseTitle}
        </Title>
        <Anchor component={Link} to={base} size="sm">
          {t("courseReports.backToCourse")}
        </Anchor>
      </Group>
      <Tabs
        value={active}
        onChange={(value) => value && void navigate(`${base}/${value}`)}
        mb="md"
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="gradebook">{t("courseReports.gradebook.title")}</Tabs.Tab>
          <Tabs.Tab value="stats">{t("courseReports.stats.title")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
    </>
  );
}
