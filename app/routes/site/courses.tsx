import { siteNameOf } from "~/features/accounts/accounts";
import {
  AspectRatio,
  Badge,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { siteAccount } from "~/features/accounts/accounts.server";
import { listCourses } from "~/features/courses/courses.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { formatPrice } from "~/features/courses/courses";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/courses";

export async function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  return {
    title: textIn(lang, "site.courses.title"),
    courses: await listCourses(database, { accountId: account.accountId }),
    currency: account.settings.currency ?? "USD",
    siteName: siteNameOf(account),
    url: canonicalUrl(request),
    messages: areaMessages(lang, "siteContent"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seo({ title: loaderData.title, siteName: loaderData.siteName, url: loaderData.url });
}

/** The course catalogue. */
export default function Courses({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { courses, currency } = loaderData;
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
              <Badge variant="light" style={{ flexShrink: 0 }} data-testid="course-card-price">
                {formatPrice({
                  minor: course.price,
                  currency,
                  lang: i18n.language,
                  free: t("site.courses.free"),
                })}
              </Badge>
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
