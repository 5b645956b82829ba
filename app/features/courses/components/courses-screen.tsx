import { AspectRatio, Button, Card, Container, Group, Image, Text, Title } from "@mantine/core";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { CourseCard } from "../courses.server";
import { CoursePrice } from "./course-price";

export type CoursesScreenProps = {
  /** The published courses, newest first. */
  courses: CourseCard[];
  /** The account's currency, for the prices. */
  currency: string;
  /** The site's categories, as the catalogue's filter (links: `?category=slug`). */
  categories?: { name: string; slug: string }[];
  /** The category shown (its slug), or null for every course. */
  category?: string | null;
};

/** The course catalogue. */
export function CoursesScreen({
  courses,
  currency,
  categories = [],
  category = null,
}: CoursesScreenProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={48}>
      <Title order={1} mb="xl">
        {t("site.courses.title")}
      </Title>
      {categories.length > 0 ? (
        <Group
          component="nav"
          gap="xs"
          mb="xl"
          aria-label={t("site.courses.categories")}
          data-testid="category-filter"
        >
          {[{ name: t("site.courses.allCategories"), slug: null }, ...categories].map((item) => {
            const current = item.slug === category;
            return (
              <Button
                key={item.slug ?? "all"}
                component={Link}
                to={item.slug ? `/course?category=${item.slug}` : "/course"}
                size="compact-sm"
                radius="xl"
                variant={current ? "filled" : "default"}
                aria-current={current ? "page" : undefined}
              >
                {item.name}
              </Button>
            );
          })}
        </Group>
      ) : null}
      {courses.length === 0 ? <Text c="dimmed">{t("site.courses.empty")}</Text> : null}
      <ResponsiveSimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
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
      </ResponsiveSimpleGrid>
    </Container>
  );
}
