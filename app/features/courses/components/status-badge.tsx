import { Badge } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CourseStatus } from "../course-shapes";

const colours: Record<CourseStatus, string> = {
  published: "green",
  private: "grape",
  draft: "gray",
};

/** A course's status as a badge (filled, its text contrasting with its colour). */
export function StatusBadge({ status }: { status: CourseStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" autoContrast color={colours[status]} data-testid="course-status">
      {t(`courseBuilder.status.${status}`)}
    </Badge>
  );
}
