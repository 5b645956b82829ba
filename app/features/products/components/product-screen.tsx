import {
  Anchor,
  AspectRatio,
  Badge,
  Container,
  Image,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { ResponsiveCol, ResponsiveGrid } from "~/ui/responsive-grid";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { storedHtmlClass } from "~/features/content/content";
import type { ProductPage } from "../product-catalogue.server";
import { ProductOfferIsland } from "../products.islands";
import { ProductOffer } from "./product-offer";

/** Issue 16 `/product/{slug}`: a product's picture, description, what it gives and its prices. */
export function ProductScreen({ product }: { product: ProductPage }) {
  const { t } = useTranslation();
  // Choosing among several prices happens in the browser; one price is HTML and its button.
  const Offer = product.prices.length > 1 ? ProductOfferIsland : ProductOffer;
  const { courses, memberships, downloads } = product.grants;
  const gives = courses.length + memberships.length + downloads.length > 0;
  return (
    <Container size="lg" py={48}>
      <ResponsiveGrid gap="xl">
        <ResponsiveCol span={7} from="md">
          <Badge variant="light" color="gray">
            {t(`products.kinds.${product.kind}`)}
          </Badge>
          <Title order={1} mt="xs" data-testid="product-title">
            {product.title}
          </Title>
          {product.image ? (
            <AspectRatio ratio={16 / 9} mt="xl">
              <Image src={product.image} alt="" radius="md" />
            </AspectRatio>
          ) : null}
          {product.descriptionHtml ? (
            <div
              className={storedHtmlClass}
              style={{ marginTop: "var(--mantine-spacing-xl)" }}
              // Sanitised on save and again on the way out (getProductPage).
              dangerouslySetInnerHTML={{ __html: product.descriptionHtml }}
            />
          ) : null}
          {gives ? (
            <Stack gap="xs" mt="xl" data-testid="product-grants">
              <Title order={2} fz="h3">
                {t("products.page.includes")}
              </Title>
              <List spacing="xs">
                {courses.map((course) => (
                  <List.Item key={course.id}>
                    {t("products.page.courseItem")}{" "}
                    <Anchor component={Link} to={`/course/${course.slug}`}>
                      {course.title}
                    </Anchor>
                  </List.Item>
                ))}
                {memberships.map((level) => (
                  <List.Item key={level.id}>
                    {t("products.page.membershipItem", { name: level.name })}
                  </List.Item>
                ))}
                {downloads.map((file) => (
                  <List.Item key={file.id}>
                    {t("products.page.downloadItem", { name: file.name })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
        </ResponsiveCol>
        <ResponsiveCol span={5} from="md">
          <Paper withBorder p="lg" radius="md">
            {product.prices.length === 0 ? (
              <Text c="dimmed">{t("products.page.notForSale")}</Text>
            ) : (
              <Offer
                product={{
                  id: product.id,
                  slug: product.slug,
                  title: product.title,
                  image: product.image,
                }}
                prices={product.prices}
              />
            )}
          </Paper>
        </ResponsiveCol>
      </ResponsiveGrid>
    </Container>
  );
}
