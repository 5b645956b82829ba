import {
  AspectRatio,
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
import { AddToCartButton, minorToMajor } from "~/features/cart/cart";
import type { CourseDetail } from "../courses.server";
import { CoursePrice } from "./course-price";

export type CourseScreenProps = {
  /** The published course with its curriculum outline. */
  course: CourseDetail;
  /** The account's currency, for the price and the cart. */
  currency: string;
};

/** A course: picture, description, price and curriculum outline. */
export function CourseScreen({ course, currency }: CourseScreenProps) {
  const { t } = useTranslation();
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
              <CoursePrice
                price={course.price}
                currency={currency}
                size="xl"
                data-testid="course-price"
              />
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
