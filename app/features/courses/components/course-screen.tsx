import {
  Anchor,
  AspectRatio,
  Badge,
  Container,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { ResponsiveCol, ResponsiveGrid } from "~/ui/responsive-grid";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { MemberAvatar } from "~/features/members/members";
import { nativeLanguageName, storedHtmlClass } from "~/features/content/content";
import { isLanguageCode } from "~/platform/i18n/languages";
import type { CourseDetail, CourseOutlineLesson } from "../courses.server";
import { CoursePrice } from "./course-price";
import { LessonTypeIcon } from "./lesson-type-icon";

export type CourseScreenProps = {
  /** The published course with its curriculum. */
  course: CourseDetail;
  /** The account's currency, for the price and the cart. */
  currency: string;
  /** Where Enrol / Continue goes (filled by learning). */
  action?: ReactNode;
  /** What sells the course (issue 16: its product's price and add-to-cart), instead of its price. */
  buy?: ReactNode;
  /** A lesson's link (a free preview, or the player for an enrolled visitor); null = no link. */
  lessonHref?: (lesson: CourseOutlineLesson) => string | null;
};

/** Minutes as "1 h 20 min" in the reader's language. */
export function useDuration() {
  const { t } = useTranslation();
  return (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return t("site.courses.minutes", { count: rest });
    if (rest === 0) return t("site.courses.hours", { count: hours });
    return `${t("site.courses.hours", { count: hours })} ${t("site.courses.minutes", { count: rest })}`;
  };
}

/** A course: picture, description, price, facts, instructors and the curriculum by section. */
export function CourseScreen({ course, currency, action, buy, lessonHref }: CourseScreenProps) {
  const { t } = useTranslation();
  const duration = useDuration();
  const language = course.language && isLanguageCode(course.language) ? course.language : null;
  return (
    <Container size="lg" py={48}>
      <ResponsiveGrid gap="xl">
        <ResponsiveCol span={7} from="md">
          {course.category ? (
            <Anchor component={Link} to={`/course?category=${course.category.slug}`} size="sm">
              {course.category.name}
            </Anchor>
          ) : null}
          <Title order={1}>{course.title}</Title>
          {course.subtitle ? (
            <Text size="lg" c="dimmed" mt="sm">
              {course.subtitle}
            </Text>
          ) : null}
          <Group gap="xs" mt="md" data-testid="course-facts">
            <Badge variant="light" color="gray">
              {t(`site.courses.levels.${course.level}`)}
            </Badge>
            {language ? (
              <Badge variant="light" color="gray">
                {nativeLanguageName(language)}
              </Badge>
            ) : null}
            {course.durationMinutes ? (
              <Badge variant="light" color="gray" data-testid="course-duration">
                {duration(course.durationMinutes)}
              </Badge>
            ) : null}
            <Badge variant="light" color="gray">
              {t("site.courses.lessonCount", { count: course.lessons.length })}
            </Badge>
          </Group>
          {course.featuredImage.image ? (
            <AspectRatio ratio={16 / 9} mt="xl">
              <Image
                src={course.featuredImage.image}
                alt={course.featuredImage.alt ?? ""}
                radius="md"
                // The page's largest paint: fetched with the stylesheets, not after them.
                fetchPriority="high"
              />
            </AspectRatio>
          ) : null}
          {course.descriptionHtml ? (
            <div
              className={storedHtmlClass}
              style={{ marginTop: "var(--mantine-spacing-xl)" }}
              // Sanitised on save by the builder (sanitizeContentHtml).
              dangerouslySetInnerHTML={{ __html: course.descriptionHtml }}
            />
          ) : null}
          {course.instructors.length > 0 ? (
            <Stack gap="xs" mt="xl" data-testid="course-instructors">
              <Title order={2} fz="lg">
                {t("site.courses.instructors")}
              </Title>
              {course.instructors.map((person, index) => (
                <MemberAvatar
                  key={`${person.name}-${index}`}
                  name={person.name}
                  src={person.avatar}
                  filled
                />
              ))}
            </Stack>
          ) : null}
        </ResponsiveCol>
        <ResponsiveCol span={5} from="md">
          <Paper withBorder p="lg" radius="md">
            <Stack>
              {/* A product that sells the course shows its own price (a sale, a plan) with its
                  call to action; otherwise the course's price, and no button when nothing sells it. */}
              {buy ?? (
                <>
                  <CoursePrice
                    price={course.price}
                    currency={currency}
                    size="xl"
                    data-testid="course-price"
                  />
                  {action}
                </>
              )}
              <Title order={2} fz="lg">
                {t("site.courses.curriculum")}
              </Title>
              <Stack gap="md" data-testid="curriculum">
                {course.sections.map((section) => (
                  <Stack key={section.id} gap={6} data-testid="curriculum-section">
                    <Title order={3} fz="md">
                      {section.title}
                    </Title>
                    <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
                      {section.lessons.map((lesson) => {
                        const href = lessonHref?.(lesson) ?? null;
                        return (
                          <Group
                            component="li"
                            key={lesson.id}
                            gap="xs"
                            wrap="nowrap"
                            data-testid="curriculum-lesson"
                          >
                            <LessonTypeIcon type={lesson.type} />
                            {href ? (
                              <Anchor component={Link} to={href} size="sm" style={{ flex: 1 }}>
                                {lesson.title}
                              </Anchor>
                            ) : (
                              <Text size="sm" style={{ flex: 1 }}>
                                {lesson.title}
                              </Text>
                            )}
                            {lesson.freePreview ? (
                              <Badge size="sm" variant="light" data-testid="preview-badge">
                                {t("site.courses.preview")}
                              </Badge>
                            ) : null}
                            {lesson.durationMinutes ? (
                              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                                {duration(lesson.durationMinutes)}
                              </Text>
                            ) : null}
                          </Group>
                        );
                      })}
                    </Stack>
                  </Stack>
                ))}
              </Stack>
            </Stack>
          </Paper>
        </ResponsiveCol>
      </ResponsiveGrid>
    </Container>
  );
}
