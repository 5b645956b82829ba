import {
  Anchor,
  AspectRatio,
  Badge,
  Container,
  Grid,
  Image,
  List,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { storedHtmlClass } from "~/features/content/content";
import type { ProductPage } from "../product-catalogue.server";
import { useBillingWords, useMoney } from "./offer-price";
import { ProductBuy } from "./product-buy";

/** Issue 16 `/product/{slug}`: a product's picture, description, what it gives and its prices. */
export function ProductScreen({ product }: { product: ProductPage }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const words = useBillingWords();
  const [priceId, setPriceId] = useState(product.prices[0]?.id ?? null);
  const price = product.prices.find((row) => row.id === priceId) ?? product.prices[0] ?? null;
  const { courses, memberships, downloads } = product.grants;
  const gives = courses.length + memberships.length + downloads.length > 0;
  return (
    <Container size="lg" py={48}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
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
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="lg" radius="md">
            {price === null ? (
              <Text c="dimmed">{t("products.page.notForSale")}</Text>
            ) : (
              <Stack>
                {product.prices.length > 1 ? (
                  <Radio.Group
                    label={t("products.page.choosePrice")}
                    value={price.id}
                    onChange={setPriceId}
                  >
                    <Stack gap="xs" mt="xs">
                      {product.prices.map((row) => (
                        <Radio
                          key={row.id}
                          value={row.id}
                          label={[money(row.amount, row.currency), ...words(row)].join(" · ")}
                          data-testid="price-option"
                        />
                      ))}
                    </Stack>
                  </Radio.Group>
                ) : null}
                {price.saleEndsAt ? (
                  <Text size="sm" c="red" fw={600}>
                    {t("products.page.saleEnds", {
                      date: new Intl.DateTimeFormat(i18n.language, {
                        dateStyle: "medium",
                        timeZone: "UTC",
                      }).format(new Date(price.saleEndsAt)),
                    })}
                  </Text>
                ) : null}
                <ProductBuy key={price.id} product={product} price={price} />
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
