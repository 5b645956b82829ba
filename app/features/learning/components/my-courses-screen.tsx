import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { IconCheck, IconPlayerPlay } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { LinkedStudent, MyCourse } from "../my-courses.server";

function formatDate(iso: string, lang: string) {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(iso),
  );
}

function CourseCard({ course, readOnly }: { course: MyCourse; readOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const done = Boolean(course.completedAt);
  return (
    <Card withBorder radius="md" padding="md" data-testid="my-course">
      {course.image ? (
        <Card.Section mb="sm">
          <Image src={course.image} alt="" />
        </Card.Section>
      ) : null}
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5">
            {course.title}
          </Title>
          {done ? (
            <Badge
              style={{ flexShrink: 0 }}
              variant="default"
              leftSection={<IconCheck size={12} aria-hidden color="var(--mantine-color-teal-6)" />}
            >
              {t("learning.myCourses.completed")}
            </Badge>
          ) : course.expired ? (
            <Badge variant="default" style={{ flexShrink: 0 }}>
              {t("learning.myCourses.expired")}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Progress
            value={course.progressPercent}
            flex={1}
            color={done ? "teal" : undefined}
            aria-label={t("learning.progress")}
          />
          <Text size="sm" fw={600}>
            {course.progressPercent}%
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {course.lastActivityAt
            ? t("learning.myCourses.lastActivity", {
                date: formatDate(course.lastActivityAt, i18n.language),
              })
            : t("learning.myCourses.enrolledOn", {
                date: formatDate(course.enrolledAt, i18n.language),
              })}
          {course.expiresAt && !course.expired
            ? ` · ${t("learning.myCourses.until", { date: formatDate(course.expiresAt, i18n.language) })}`
            : ""}
        </Text>
        {!readOnly && !course.expired ? (
          <Stack gap={4}>
            {course.lastLessonTitle && !done ? (
              <Text size="sm">
                {t("learning.myCourses.leftOff", { title: course.lastLessonTitle })}
              </Text>
            ) : null}
            <Button
              component={Link}
              to={`/course/${course.slug}/learn`}
              variant={done ? "default" : "filled"}
              h="auto"
              py={8}
              styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
            >
              {done
                ? t("learning.myCourses.review")
                : course.progressPercent > 0
                  ? t("learning.myCourses.continue")
                  : t("learning.myCourses.start")}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

function CourseGrid({ courses, readOnly }: { courses: MyCourse[]; readOnly?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {courses.map((course) => (
        <CourseCard key={course.courseId} course={course} readOnly={readOnly} />
      ))}
    </SimpleGrid>
  );
}

/** Scope 4 and 9: `/dashboard/courses`: the member's courses and, for a parent, their children's. */
export function MyCoursesScreen({
  courses,
  students,
  certificates = true,
}: {
  courses: MyCourse[];
  students: LinkedStudent[];
  /** The site has the certificates add-on: completed courses link to the member's certificates. */
  certificates?: boolean;
}) {
  const { t } = useTranslation();
  const going = courses.filter((course) => !course.completedAt);
  const done = courses.filter((course) => course.completedAt);
  const mine = (
    <Stack gap="xl">
      {courses.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text>{t("learning.myCourses.empty")}</Text>
          <Anchor component={Link} to="/course">
            {t("learning.myCourses.browse")}
          </Anchor>
        </Stack>
      ) : null}
      {going.length ? (
        <section>
          <Title order={2} size="h4" mb="sm">
            {t("learning.myCourses.inProgress")}
          </Title>
          <CourseGrid courses={going} />
        </section>
      ) : null}
      {done.length ? (
        <section>
          <Title order={2} size="h4" mb="sm">
            {t("learning.myCourses.completedTitle")}
          </Title>
          <CourseGrid courses={done} />
          {certificates ? (
            <Anchor component={Link} to="/dashboard/certificates" size="sm" mt="sm" display="block">
              {t("dashboard.sections.certificates.title")}
            </Anchor>
          ) : null}
        </section>
      ) : null}
    </Stack>
  );
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t("learning.myCourses.title")}
      </Title>
      {students.length ? (
        <Tabs defaultValue="mine" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="mine">{t("learning.myCourses.mine")}</Tabs.Tab>
            <Tabs.Tab value="children">{t("learning.myCourses.children")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mine">{mine}</Tabs.Panel>
          <Tabs.Panel value="children">
            <Stack gap="xl" data-testid="parent-view">
              {students.map((student) => (
                <section key={student.userId}>
                  <Title order={2} size="h4" mb="sm">
                    {student.name}
                  </Title>
                  {student.courses.length ? (
                    <CourseGrid courses={student.courses} readOnly />
                  ) : (
                    <Text c="dimmed">{t("learning.myCourses.childEmpty")}</Text>
                  )}
                </section>
              ))}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      ) : (
        mine
      )}
    </Stack>
  );
}
