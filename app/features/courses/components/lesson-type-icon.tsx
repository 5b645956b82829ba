import {
  IconFileText,
  IconFileTypePdf,
  IconHeadphones,
  IconListCheck,
  IconPaperclip,
  IconPlayerPlay,
  IconWorldWww,
  type TablerIcon,
} from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { LessonType } from "../course-shapes";

const icons: Record<LessonType, TablerIcon> = {
  text: IconFileText,
  video: IconPlayerPlay,
  audio: IconHeadphones,
  pdf: IconFileTypePdf,
  files: IconPaperclip,
  embed: IconWorldWww,
  quiz: IconListCheck,
};

/** A lesson's type as an icon, named for screen readers (the builder and the course page). */
export function LessonTypeIcon({ type, size = 16 }: { type: LessonType; size?: number }) {
  const { t } = useTranslation();
  const Glyph = icons[type] ?? IconFileText;
  return (
    <Glyph
      size={size}
      role="img"
      aria-label={t(`site.courses.lessonTypes.${type}`)}
      style={{ flexShrink: 0 }}
    />
  );
}
