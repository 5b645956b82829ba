import { Anchor, Group } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";

/** The builder's ways to a course's students, gradebook and stats (learning's and reports' screens). */
export function CourseViews({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const views = [
    ["students", "learning.students.title"],
    ["gradebook", "courseReports.gradebook.title"],
    ["stats", "courseReports.stats.title"],
  ] as const;
  return (
    <Group gap="md" data-testid="course-views">
      {views.map(([path, key]) => (
        <Anchor key={path} component={Link} to={`/dashboard/course/${courseId}/${path}`} size="sm">
          {t(key)}
        </Anchor>
      ))}
    </Group>
  );
}
