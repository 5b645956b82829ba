import {
  ActionIcon,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { currencyDigits } from "~/features/cart/cart";
import { localInputToIso, toLocalInput } from "~/platform/datetime-local";
import { billingIntervals, billingKinds, type BillingKind } from "../product-shapes";
import type { PriceInput } from "../validation";

/** A price as the editor keeps it: a key for React besides the stored fields. */
export type EditedPrice = PriceInput & { key: string };

export function newPrice(currency: string, billing: BillingKind = "one_time"): EditedPrice {
  return {
    key: crypto.randomUUID(),
    currency,
    amount: 0,
    saleAmount: null,
    saleStartsAt: null,
    saleEndsAt: null,
    billing,
    interval: billing === "one_time" ? null : "month",
    trialDays: 0,
    iterations: billing === "installments" ? 3 : 0,
  };
}

/** One price of the product: currency, amount, how it is paid, and a sale with its dates. */
export function PriceFields({
  price,
  index,
  currencies,
  onChange,
  onRemove,
  problem,
}: {
  price: EditedPrice;
  index: number;
  currencies: string[];
  onChange: (next: EditedPrice) => void;
  onRemove: () => void;
  /** The refused field of this price ("amount", "saleAmount", …), if any. */
  problem: { field: string; message: string } | null;
}) {
  const { t } = useTranslation();
  const digits = currencyDigits(price.currency);
  const scale = 10 ** digits;
  const major = (minor: number | null) => (minor === null ? "" : minor / scale);
  const minor = (value: string | number) =>
    value === "" ? null : Math.max(0, Math.round(Number(value) * scale));
  const set = (patch: Partial<EditedPrice>) => onChange({ ...price, ...patch });
  const errorOf = (field: string) => (problem?.field === field ? problem.message : undefined);
  const setBilling = (billing: BillingKind) =>
    set({
      billing,
      interval: billing === "one_time" ? null : (price.interval ?? "month"),
      trialDays: billing === "subscription" ? price.trialDays : 0,
      iterations:
        billing === "installments"
          ? Math.max(2, price.iterations)
          : billing === "subscription"
            ? price.iterations
            : 0,
    });
  const label = t("products.editor.priceNumber", { number: index + 1 });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="price-fields"
      aria-label={label}
      component="section"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{label}</Text>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={`${t("products.editor.removePrice")}: ${label}`}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <SegmentedControl
          value={price.billing}
          onChange={(value) => setBilling(value as BillingKind)}
          data={billingKinds.map((kind) => ({
            value: kind,
            label: t(`products.editor.billing.${kind}`),
          }))}
          aria-label={t("products.editor.billingLabel")}
          fullWidth
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t("products.editor.currency")}
            value={price.currency}
            onChange={(value) => value && set({ currency: value })}
            data={currencies}
            searchable
            allowDeselect={false}
            error={errorOf("currency")}
            data-testid="price-currency"
          />
          <NumberInput
            label={t("products.editor.amount")}
            value={major(price.amount)}
            onChange={(value) => set({ amount: minor(value) ?? 0 })}
            min={0}
            decimalScale={digits}
            fixedDecimalScale={digits > 0}
            thousandSeparator
            error={errorOf("amount")}
            data-testid="price-amount"
          />
          {price.billing !== "one_time" ? (
            <Select
              label={t("products.editor.interval")}
              value={price.interval ?? "month"}
              onChange={(value) => value && set({ interval: value as "month" | "year" })}
              data={billingIntervals.map((interval) => ({
                value: interval,
                label: t(`products.editor.intervals.${interval}`),
              }))}
              allowDeselect={false}
              error={errorOf("interval")}
              data-testid="price-interval"
            />
          ) : null}
        </SimpleGrid>
        {price.billing !== "one_time" ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {price.billing === "subscription" ? (
              <NumberInput
                label={t("products.editor.trialDays")}
                value={price.trialDays}
                onChange={(value) =>
                  set({ trialDays: Math.max(0, Math.round(Number(value) || 0)) })
                }
                min={0}
                max={365}
                error={errorOf("trialDays")}
                data-testid="price-trial"
              />
            ) : null}
            <NumberInput
              label={
                price.billing === "installments"
                  ? t("products.editor.installments")
                  : t("products.editor.iterations")
              }
              description={
                price.billing === "subscription" ? t("products.editor.iterationsHelp") : undefined
              }
              value={price.iterations}
              onChange={(value) => set({ iterations: Math.max(0, Math.round(Number(value) || 0)) })}
              min={price.billing === "installments" ? 2 : 0}
              max={120}
              error={errorOf("iterations")}
              data-testid="price-iterations"
            />
          </SimpleGrid>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t("products.editor.saleAmount")}
            description={t("products.editor.saleHelp")}
            value={major(price.saleAmount)}
            onChange={(value) => set({ saleAmount: minor(value) })}
            min={0}
            decimalScale={digits}
            thousandSeparator
            error={errorOf("saleAmount")}
          />
          <TextInput
            type="datetime-local"
            label={t("products.editor.saleStarts")}
            value={toLocalInput(price.saleStartsAt)}
            onChange={(event) => set({ saleStartsAt: localInputToIso(event.currentTarget.value) })}
            error={errorOf("saleStartsAt")}
          />
          <TextInput
            type="datetime-local"
            label={t("products.editor.saleEnds")}
            value={toLocalInput(price.saleEndsAt)}
            onChange={(event) => set({ saleEndsAt: localInputToIso(event.currentTarget.value) })}
            error={errorOf("saleEndsAt")}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
