import { AspectRatio, Card, Container, Group, Image, SimpleGrid, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CourseCard } from "../courses.server";
import { CoursePrice } from "./course-price";

export type CoursesScreenProps = {
  /** The published courses, newest first. */
  courses: CourseCard[];
  /** The account's currency, for the prices. */
  currency: string;
};

/** The course catalogue. */
export function CoursesScreen({ courses, currency }: CoursesScreenProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={48}>
      <Title order={1} mb="xl">
        {t("site.courses.title")}
      </Title>
      {courses.length === 0 ? <Text c="dimmed">{t("site.courses.empty")}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {courses.map((course) => (
          <Card
            key={course.id}
            component={Link}
            to={`/course/${course.slug}`}
            withBorder
            padding="lg"
            data-testid="course-card"
          >
            {course.featuredImage.image ? (
              <Card.Section>
                <AspectRatio ratio={16 / 9}>
                  <Image src={course.featuredImage.image} alt={course.featuredImage.alt ?? ""} />
                </AspectRatio>
              </Card.Section>
            ) : null}
            <Group justify="space-between" mt="md" wrap="nowrap" align="flex-start">
              <Title order={2} fz="lg">
                {course.title}
              </Title>
              {/* A price is never cut short: the title wraps instead. */}
              <CoursePrice
                price={course.price}
                currency={currency}
                style={{ flexShrink: 0 }}
                data-testid="course-card-price"
              />
            </Group>
            <Text size="sm" c="dimmed" mt="xs" lineClamp={3}>
              {course.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
