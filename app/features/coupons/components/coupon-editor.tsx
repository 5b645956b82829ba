import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { localInputToIso, toLocalInput } from "~/platform/datetime-local";
import { currencyDigits, majorToMinor, minorToMajor } from "~/features/cart/cart";
import type { CouponProductOption, CouponRow, DiscountType } from "../coupon-shapes";
import { CouponApiError, couponApi, type CouponInput } from "./coupon-api";

type Field = "name" | "amount" | "usageLimit" | "perUserLimit" | "dateEnd" | "productIds";
const fields: readonly Field[] = [
  "name",
  "amount",
  "usageLimit",
  "perUserLimit",
  "dateEnd",
  "productIds",
];

/** The editor's fields at fault in a refused save, by the API's field issues. */
function fieldErrors(error: CouponApiError): Partial<Record<Field, string>> {
  if (error.code === "coupons.nameTaken") return { name: "nameTaken" };
  const found: Partial<Record<Field, string>> = {};
  for (const issue of error.fields) {
    const field = fields.find((name) => issue.path === name || issue.path.startsWith(`${name}.`));
    if (field)
      found[field] =
        issue.origin === "dateOrder" ? "dateOrder" : field === "amount" ? "amount" : "invalid";
  }
  return found;
}

/**
 * C3: a coupon's fields (spec §3): name, discount type and amount, usage limit, per-person
 * limit, start and end, the products it applies to; usage_count is shown, never edited.
 */
export function CouponEditor({
  coupon,
  products,
  currency,
  onClose,
  onSaved,
}: {
  /** null: a new coupon. */
  coupon: CouponRow | null;
  products: CouponProductOption[];
  currency: string;
  onClose: () => void;
  onSaved: (saved: CouponRow) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(coupon?.name ?? "");
  const [discountType, setDiscountType] = useState<DiscountType>(
    coupon?.discountType ?? "percentage",
  );
  const [amount, setAmount] = useState<number | string>(
    coupon
      ? coupon.discountType === "flat"
        ? minorToMajor(coupon.amount, currency)
        : coupon.amount
      : "",
  );
  const [usageLimit, setUsageLimit] = useState<number | string>(coupon?.usageLimit ?? 0);
  const [perUserLimit, setPerUserLimit] = useState<number | string>(coupon?.perUserLimit ?? 0);
  const [dateStart, setDateStart] = useState(toLocalInput(coupon?.dateStart ?? null));
  const [dateEnd, setDateEnd] = useState(toLocalInput(coupon?.dateEnd ?? null));
  const [productIds, setProductIds] = useState<string[]>(coupon?.productIds ?? []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const message = (field: Field) =>
    errors[field] ? t(`ecommerce.coupons.errors.${errors[field]}`) : undefined;
  const whole = (value: number | string) => (typeof value === "number" ? value : Number(value));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = whole(amount);
    const found: Partial<Record<Field, string>> = {};
    if (!name.trim()) found.name = "required";
    if (!(value > 0)) found.amount = "required";
    else if (discountType === "percentage" && value > 100) found.amount = "amount";
    if (dateStart && dateEnd && localInputToIso(dateEnd)! < localInputToIso(dateStart)!)
      found.dateEnd = "dateOrder";
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const input: CouponInput = {
      name: name.trim(),
      discountType,
      amount: discountType === "flat" ? majorToMinor(value, currency) : Math.round(value),
      usageLimit: whole(usageLimit) || 0,
      perUserLimit: whole(perUserLimit) || 0,
      dateStart: localInputToIso(dateStart),
      dateEnd: localInputToIso(dateEnd),
      productIds,
    };
    setBusy(true);
    try {
      onSaved(coupon ? await couponApi.update(coupon.id, input) : await couponApi.create(input));
    } catch (error) {
      const problem = error instanceof CouponApiError ? error : new CouponApiError("network");
      const at = fieldErrors(problem);
      setErrors(at);
      setFailure(
        Object.keys(at).length > 0
          ? "invalid"
          : problem.code === "coupons.notFound"
            ? "notFound"
            : "failed",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        coupon
          ? t("ecommerce.coupons.editor.titleEdit", { name: coupon.name })
          : t("ecommerce.coupons.editor.titleNew")
      }
      closeButtonProps={{ "aria-label": t("ecommerce.coupons.close") }}
    >
      <form onSubmit={save} noValidate data-testid="coupon-editor">
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {t(`ecommerce.coupons.errors.${failure}`)}
            </Alert>
          ) : null}
          <TextInput
            label={t("ecommerce.coupons.editor.name")}
            description={t("ecommerce.coupons.editor.nameHelp")}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={message("name")}
            maxLength={64}
            required
            autoComplete="off"
            data-autofocus
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="coupon-type-label">
              {t("ecommerce.coupons.editor.type")}
            </Text>
            <SegmentedControl
              aria-labelledby="coupon-type-label"
              value={discountType}
              onChange={(value) => setDiscountType(value as DiscountType)}
              data={[
                { value: "percentage", label: t("ecommerce.coupons.editor.percentage") },
                { value: "flat", label: t("ecommerce.coupons.editor.flat") },
              ]}
            />
          </Stack>
          <NumberInput
            label={
              discountType === "percentage"
                ? t("ecommerce.coupons.editor.amountPercent")
                : t("ecommerce.coupons.editor.amountFlat", { currency })
            }
            value={amount}
            onChange={setAmount}
            min={0}
            max={discountType === "percentage" ? 100 : undefined}
            decimalScale={discountType === "percentage" ? 0 : currencyDigits(currency)}
            suffix={discountType === "percentage" ? " %" : undefined}
            error={message("amount")}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t("ecommerce.coupons.editor.usageLimit")}
              description={t("ecommerce.coupons.editor.usageLimitHelp")}
              value={usageLimit}
              onChange={setUsageLimit}
              min={0}
              allowDecimal={false}
              error={message("usageLimit")}
            />
            <NumberInput
              label={t("ecommerce.coupons.editor.perUserLimit")}
              description={t("ecommerce.coupons.editor.perUserLimitHelp")}
              value={perUserLimit}
              onChange={setPerUserLimit}
              min={0}
              allowDecimal={false}
              error={message("perUserLimit")}
            />
            <TextInput
              type="datetime-local"
              label={t("ecommerce.coupons.editor.dateStart")}
              description={t("ecommerce.coupons.editor.dateHelp")}
              value={dateStart}
              onChange={(event) => setDateStart(event.currentTarget.value)}
            />
            <TextInput
              type="datetime-local"
              label={t("ecommerce.coupons.editor.dateEnd")}
              description={t("ecommerce.coupons.editor.dateHelp")}
              value={dateEnd}
              onChange={(event) => setDateEnd(event.currentTarget.value)}
              error={message("dateEnd")}
            />
          </SimpleGrid>
          <MultiSelect
            label={t("ecommerce.coupons.editor.products")}
            description={t("ecommerce.coupons.editor.productsHelp")}
            placeholder={productIds.length ? undefined : t("ecommerce.coupons.allProducts")}
            data={products.map((product) => ({ value: product.id, label: product.title }))}
            value={productIds}
            onChange={setProductIds}
            searchable
            clearable
            error={message("productIds")}
          />
          {coupon ? (
            <Text size="sm" c="dimmed" data-testid="coupon-used">
              {t("ecommerce.coupons.editor.usedCount", { count: coupon.usageCount })}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("ecommerce.coupons.editor.cancel")}
            </Button>
            <Button type="submit" loading={busy}>
              {t("ecommerce.coupons.editor.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
