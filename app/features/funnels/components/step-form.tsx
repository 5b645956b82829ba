import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { formatMoney, minorToMajor } from "~/features/cart/cart";
import { fieldIssueMessage } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { OfferedProduct, StepRow } from "../funnel-shapes";
import type { Choices } from "./funnel-steps";
import { useFunnelCommand } from "./funnel-words";

type Draft = {
  title: string;
  slug: string;
  formId: string | null;
  products: OfferedProduct[];
  bump: (OfferedProduct & { headline: string }) | null;
  offer: OfferedProduct | null;
  declineStepId: string | null;
  splitPercent: number | string;
};

/** A product and one of its prices, chosen from the site's published products. */
function ProductPick({
  label,
  value,
  choices,
  onChange,
  testId,
}: {
  label: string;
  value: OfferedProduct | null;
  choices: Choices["products"];
  onChange: (value: OfferedProduct | null) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const product = choices.find((one) => one.id === value?.productId);
  const money = (amount: number, currency: string) =>
    formatMoney({ amount: minorToMajor(amount, currency), currency, lang: i18n.language });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={label}
        placeholder={t("funnels.form.pickProduct")}
        data={choices.map((one) => ({ value: one.id, label: one.title }))}
        value={value?.productId ?? null}
        searchable
        clearable
        onChange={(id) => onChange(id ? { productId: id, priceId: null } : null)}
        data-testid={testId}
      />
      {product && product.prices.length > 1 ? (
        <Select
          label={t("funnels.form.price")}
          data={product.prices.map((price) => ({
            value: price.id,
            label: money(price.amount, price.currency),
          }))}
          value={value?.priceId ?? product.prices[0]!.id}
          allowDeselect={false}
          onChange={(priceId) => value && onChange({ ...value, priceId })}
        />
      ) : null}
    </SimpleGrid>
  );
}

/** A step's title, address and own part: its form, products and bump, or upsell's offer. */
export function StepForm({
  step,
  steps,
  choices,
}: {
  step: StepRow;
  steps: StepRow[];
  choices: Choices;
}) {
  const { t } = useTranslation();
  const saver = useFunnelCommand();
  const [draft, setDraft] = useState<Draft>({
    title: step.title,
    slug: step.slug,
    ...step.settings,
    splitPercent: step.splitPercent,
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const issues = saver.answer && !saver.answer.ok ? (saver.answer.issues ?? []) : [];
  const errorAt = (path: string) => {
    const issue = issues.find((one) => one.path === path || one.path.startsWith(`${path}.`));
    if (!issue) return undefined;
    return issue.origin === "required" && issue.code === "custom"
      ? t(`funnels.form.required.${path}`)
      : fieldIssueMessage(t, issue);
  };
  const save = () =>
    void saver.send({
      intent: "saveStep",
      id: step.id,
      step: {
        ...draft,
        splitPercent: typeof draft.splitPercent === "number" ? draft.splitPercent : 50,
      },
    });
  return (
    <Stack gap="sm" pt="sm" data-testid={`step-form-${step.slug}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("funnels.form.title")}
          value={draft.title}
          error={errorAt("title")}
          onChange={(event) => set("title", event.currentTarget.value)}
        />
        <TextInput
          label={t("funnels.form.slug")}
          value={draft.slug}
          error={errorAt("slug")}
          onChange={(event) => set("slug", event.currentTarget.value.toLowerCase())}
        />
      </SimpleGrid>
      {step.kind === "optin" ? (
        <Select
          label={t("funnels.form.form")}
          description={t("funnels.form.formHelp")}
          data={choices.forms.map((form) => ({ value: form.id, label: form.name }))}
          value={draft.formId}
          clearable
          onChange={(value) => set("formId", value)}
          data-testid="step-form-pick"
        />
      ) : null}
      {step.kind === "checkout" ? (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t("funnels.form.products")}
          </Text>
          {draft.products.map((product, index) => (
            <Group key={index} align="flex-end" wrap="nowrap">
              <div style={{ flex: 1 }}>
                <ProductPick
                  label={t("funnels.form.product", { n: index + 1 })}
                  value={product}
                  choices={choices.products}
                  testId={`step-product-${index}`}
                  onChange={(value) =>
                    set(
                      "products",
                      value
                        ? draft.products.map((one, at) => (at === index ? value : one))
                        : draft.products.filter((_, at) => at !== index),
                    )
                  }
                />
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("funnels.form.removeProduct")}
                onClick={() =>
                  set(
                    "products",
                    draft.products.filter((_, at) => at !== index),
                  )
                }
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {draft.products.length < 10 ? (
            <ProductPick
              label={t("funnels.form.addProduct")}
              value={null}
              choices={choices.products}
              testId="step-product-new"
              onChange={(value) => value && set("products", [...draft.products, value])}
            />
          ) : null}
          {errorAt("products") ? (
            <Text size="sm" c="red" role="alert">
              {errorAt("products")}
            </Text>
          ) : null}
          <ProductPick
            label={t("funnels.form.bump")}
            value={draft.bump}
            choices={choices.products}
            testId="step-bump"
            onChange={(value) =>
              set("bump", value ? { ...value, headline: draft.bump?.headline ?? "" } : null)
            }
          />
          {draft.bump ? (
            <TextInput
              label={t("funnels.form.bumpHeadline")}
              description={t("funnels.form.bumpHeadlineHelp")}
              value={draft.bump.headline}
              error={errorAt("bump.headline")}
              onChange={(event) =>
                set("bump", { ...draft.bump!, headline: event.currentTarget.value })
              }
              data-testid="step-bump-headline"
            />
          ) : null}
        </Stack>
      ) : null}
      {step.kind === "upsell" ? (
        <Stack gap="xs">
          <ProductPick
            label={t("funnels.form.offer")}
            value={draft.offer}
            choices={choices.products}
            testId="step-offer"
            onChange={(value) => set("offer", value)}
          />
          {errorAt("offer") ? (
            <Text size="sm" c="red" role="alert">
              {errorAt("offer")}
            </Text>
          ) : null}
          <Select
            label={t("funnels.form.decline")}
            description={t("funnels.form.declineHelp")}
            data={steps
              .filter((one) => one.position > step.position)
              .map((one) => ({ value: one.id, label: one.title }))}
            value={draft.declineStepId}
            clearable
            onChange={(value) => set("declineStepId", value)}
          />
        </Stack>
      ) : null}
      {step.variantPageId ? (
        <NumberInput
          label={t("funnels.form.splitPercent")}
          description={t("funnels.form.splitPercentHelp")}
          value={draft.splitPercent}
          min={1}
          max={99}
          suffix=" %"
          allowDecimal={false}
          maw={240}
          error={errorAt("splitPercent")}
          onChange={(value) => set("splitPercent", value)}
        />
      ) : null}
      <Group justify="flex-end" gap="sm">
        {saver.answer?.ok ? (
          <Text size="sm" c="dimmed" role="status">
            {t("funnels.settings.saved")}
          </Text>
        ) : null}
        <Button onClick={save} loading={saver.busy} data-testid={`save-step-${step.slug}`}>
          {t("funnels.form.save")}
        </Button>
      </Group>
    </Stack>
  );
}
