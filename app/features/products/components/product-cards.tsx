import { AspectRatio, Badge, Button, Card, Image, Stack, Text } from "@mantine/core";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { ProductCard } from "../product-catalogue.server";
import { OfferPriceText } from "./offer-price";

/** Issue 16: products as cards (a members-only call to action, a list): title, price, a link. */
export function ProductCards({
  products,
  columns = 2,
}: {
  products: ProductCard[];
  columns?: number;
}) {
  const { t } = useTranslation();
  if (products.length === 0) return null;
  return (
    <ResponsiveSimpleGrid cols={{ base: 1, sm: columns }} w="100%" data-testid="product-cards">
      {products.map((product) => (
        <Card key={product.id} withBorder radius="md" padding="md" data-testid="product-card">
          {product.image ? (
            <Card.Section>
              <AspectRatio ratio={16 / 9}>
                <Image src={product.image} alt="" />
              </AspectRatio>
            </Card.Section>
          ) : null}
          <Stack gap="xs" mt={product.image ? "md" : 0}>
            <Badge variant="light" color="gray" w="fit-content">
              {t(`products.kinds.${product.kind}`)}
            </Badge>
            <Text fw={600} size="lg">
              {product.title}
            </Text>
            {product.price ? <OfferPriceText price={product.price} size="lg" /> : null}
            <Button component={Link} to={`/product/${product.slug}`} variant="light">
              {t("products.view")}
            </Button>
          </Stack>
        </Card>
      ))}
    </ResponsiveSimpleGrid>
  );
}
