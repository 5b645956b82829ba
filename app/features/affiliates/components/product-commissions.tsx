import {
  ActionIcon,
  Button,
  Group,
  Input,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { currencyDigits } from "~/features/cart/cart";
import { useTranslation } from "~/platform/i18n/use-translation";

/** A product with terms of its own, as typed: a plain percent, or an amount in major units. */
export type ProductLine = {
  /** For React only: rows keep their inputs while others come and go. */
  key: number;
  productId: string;
  type: "percent" | "flat";
  value: number | string;
};

/**
 * Products that pay their own commission: a percent of their line, or an amount per unit sold.
 * Each product once; the others earn the programme's commission.
 */
export function ProductCommissions({
  lines,
  products,
  currency,
  errorAt,
  onChange,
}: {
  lines: ProductLine[];
  products: { id: string; title: string }[];
  currency: string;
  errorAt: (path: string, exact?: boolean) => string | undefined;
  onChange: (lines: ProductLine[]) => void;
}) {
  const { t } = useTranslation();
  const digits = currencyDigits(currency);
  const change = (key: number, patch: Partial<ProductLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const taken = new Set(lines.map((line) => line.productId));
  const free = products.filter((product) => !taken.has(product.id));
  const add = () =>
    onChange([
      ...lines,
      {
        key: Math.max(-1, ...lines.map((line) => line.key)) + 1,
        productId: free[0]?.id ?? "",
        type: "percent",
        value: 10,
      },
    ]);
  const titleOf = (id: string) =>
    products.find((product) => product.id === id)?.title ?? t("affiliates.none");
  const listIssue = errorAt("productCommissions", true);

  return (
    <Stack gap="xs">
      <div>
        <Input.Label component="div">{t("affiliates.settings.products")}</Input.Label>
        <Input.Description>{t("affiliates.settings.productsHelp")}</Input.Description>
      </div>
      {lines.map((line, index) => {
        const at = `productCommissions.${index}`;
        return (
          <Paper key={line.key} withBorder radius="sm" p="sm">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Select
                label={t("affiliates.settings.product")}
                data={products
                  .filter((product) => product.id === line.productId || !taken.has(product.id))
                  .map((product) => ({ value: product.id, label: product.title }))}
                value={line.productId || null}
                searchable
                allowDeselect={false}
                error={errorAt(`${at}.productId`)}
                onChange={(value) => change(line.key, { productId: value ?? "" })}
                style={{ flex: "1 1 220px" }}
              />
              <Select
                label={t("affiliates.settings.lineType")}
                data={[
                  { value: "percent", label: t("affiliates.settings.linePercent") },
                  { value: "flat", label: t("affiliates.settings.lineFlat") },
                ]}
                value={line.type}
                allowDeselect={false}
                error={errorAt(`${at}.type`)}
                onChange={(value) =>
                  change(line.key, { type: value === "flat" ? "flat" : "percent" })
                }
                style={{ flex: "1 1 180px" }}
              />
              <NumberInput
                label={
                  line.type === "percent"
                    ? t("affiliates.settings.lineRate")
                    : t("affiliates.settings.lineAmount", { currency })
                }
                value={line.value}
                min={0}
                max={line.type === "percent" ? 100 : undefined}
                decimalScale={line.type === "percent" ? 2 : digits}
                error={errorAt(`${at}.value`)}
                onChange={(value) => change(line.key, { value })}
                style={{ flex: "0 1 140px" }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                size="lg"
                aria-label={t("affiliates.settings.removeProduct", {
                  product: titleOf(line.productId),
                })}
                onClick={() => onChange(lines.filter((one) => one.key !== line.key))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      {listIssue ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {listIssue}
        </Text>
      ) : null}
      {products.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("affiliates.settings.noProducts")}
        </Text>
      ) : (
        <Button
          variant="default"
          w="fit-content"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={free.length === 0}
          onClick={add}
        >
          {t("affiliates.settings.addProduct")}
        </Button>
      )}
    </Stack>
  );
}
