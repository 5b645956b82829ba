import { siteNameOf } from "~/features/accounts/accounts";
import {
  AspectRatio,
  Badge,
  Container,
  Grid,
  Image,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AddToCartButton } from "~/features/cart/cart";
import { minorToMajor } from "~/features/cart/cart";
import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { getCourse } from "~/features/courses/courses.server";
import { servicesContext } from "~/platform/request-context";
import { formatPrice } from "~/features/courses/courses";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/course";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const course = await getCourse(database, { accountId: account.accountId, slug: params.slug });
  if (!course) notFound();
  return {
    course,
    currency: account.settings.currency ?? "USD",
    siteName: siteNameOf(account),
    url: canonicalUrl(request),
    messages: areaMessages(lang, "siteContent"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { course, siteName, url } = loaderData;
  return seo({
    title: course.title,
    siteName,
    description: course.description,
    url,
    image: course.featuredImage.image,
  });
}

/** A course: picture, description, price and curriculum outline. */
export default function Course({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { course, currency } = loaderData;
  return (
    <Container size="lg" py={48}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Title order={1}>{course.title}</Title>
          <Text size="lg" c="dimmed" mt="sm">
            {course.description}
          </Text>
          {course.featuredImage.image ? (
            <AspectRatio ratio={16 / 9} mt="xl">
              <Image
                src={course.featuredImage.image}
                alt={course.featuredImage.alt ?? ""}
                radius="md"
              />
            </AspectRatio>
          ) : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="lg" radius="md">
            <Stack>
              <Badge size="xl" variant="light" data-testid="course-price">
                {formatPrice({
                  minor: course.price,
                  currency,
                  lang: i18n.language,
                  free: t("site.courses.free"),
                })}
              </Badge>
              {course.price > 0 ? (
                <AddToCartButton
                  item={{
                    id: course.id,
                    type: "course",
                    name: course.title,
                    price: minorToMajor(course.price, currency),
                    currency,
                    quantity: 1,
                    image: course.featuredImage.image ?? undefined,
                    slug: course.slug,
                  }}
                />
              ) : null}
              <Title order={2} fz="lg">
                {t("site.courses.curriculum")}
              </Title>
              <List type="ordered" spacing="xs" data-testid="curriculum">
                {course.lessons.map((lesson) => (
                  <List.Item key={lesson.id}>{lesson.title}</List.Item>
                ))}
              </List>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
