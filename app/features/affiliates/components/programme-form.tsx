import {
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
} from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { currencyDigits, majorToMinor, minorToMajor } from "~/features/cart/cart";
import { fieldIssueMessage, type FieldIssue } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ProgrammeView } from "../affiliate-shapes";
import { Section } from "./affiliate-tables";
import type { CommandAnswer } from "./affiliate-words";
import { ProductCommissions, type ProductLine } from "./product-commissions";

/** A number as the owner typed it: a cleared field is "", for the server to judge. */
type Typed = number | string;

/** The programme as the form keeps it: amounts in the site currency's major unit, percents plain. */
export type ProgrammeDraft = {
  enabled: boolean;
  commissionType: "percent" | "flat";
  percent: Typed;
  flatAmount: Typed;
  productCommissions: ProductLine[];
  cookieDays: Typed;
  recurring: boolean;
  approval: "automatic" | "manual";
  minPayout: Typed;
  terms: string;
};

export type SetProgramme = <K extends keyof ProgrammeDraft>(
  key: K,
  value: ProgrammeDraft[K],
) => void;

/**
 * One field's message from the server's issues (at the path or inside it). A percent line over
 * 100 is refused by a custom check that names no bound: it reads as the bound it is.
 */
function issueAt(
  t: ReturnType<typeof useTranslation>["t"],
  issues: FieldIssue[],
  path: string,
  exact = false,
): string | undefined {
  const issue = issues.find(
    (candidate) => candidate.path === path || (!exact && candidate.path.startsWith(`${path}.`)),
  );
  if (!issue) return undefined;
  const bounded =
    issue.code === "custom" && issue.origin === "tooBig" && issue.maximum === undefined
      ? { ...issue, code: "too_big", origin: "number", maximum: 100 }
      : issue;
  return fieldIssueMessage(t, bounded);
}

function draftOf(programme: ProgrammeView): ProgrammeDraft {
  const { currency } = programme;
  return {
    enabled: programme.enabled,
    commissionType: programme.commissionType,
    percent: programme.percentBasis / 100,
    flatAmount: minorToMajor(programme.flatAmount, currency),
    productCommissions: programme.productCommissions.map((line, index) => ({
      key: index,
      productId: line.productId,
      type: line.type,
      value: line.type === "percent" ? line.value / 100 : minorToMajor(line.value, currency),
    })),
    cookieDays: programme.cookieDays,
    recurring: programme.recurring,
    approval: programme.approval,
    minPayout: minorToMajor(programme.minPayout, currency),
    terms: programme.terms,
  };
}

/**
 * What the server reads (programmeInputSchema): percents plain, amounts in minor units, a
 * cleared field as typed.
 */
function inputOf(draft: ProgrammeDraft, currency: string) {
  const minor = (value: Typed) =>
    typeof value === "number" ? majorToMinor(value, currency) : value;
  return {
    enabled: draft.enabled,
    commissionType: draft.commissionType,
    percent: draft.percent,
    flatAmount: minor(draft.flatAmount),
    productCommissions: draft.productCommissions.map((line) => ({
      productId: line.productId,
      type: line.type,
      value: line.type === "flat" ? minor(line.value) : line.value,
    })),
    cookieDays: draft.cookieDays,
    recurring: draft.recurring,
    approval: draft.approval,
    minPayout: minor(draft.minPayout),
    terms: draft.terms,
  };
}

/**
 * The programme's terms: on or off, the commission (a percent of each sale or an amount per
 * order, and products with terms of their own), how long a click counts, whether partners are
 * approved at once, the minimum payout and the terms members read. Refused fields say why.
 */
export function ProgrammeForm({
  programme,
  products,
}: {
  programme: ProgrammeView;
  products: { id: string; title: string }[];
}) {
  const { t } = useTranslation();
  const { currency } = programme;
  const digits = currencyDigits(currency);
  const [draft, setDraft] = useState<ProgrammeDraft>(() => draftOf(programme));
  const [edits, setEdits] = useState(0);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const saver = useFetcher<CommandAnswer>();
  const answer = saver.state === "idle" ? saver.data : undefined;
  const issues = answer && !answer.ok ? (answer.issues ?? []) : [];
  const notice = answer && sentAt === edits ? (answer.ok ? "saved" : "failed") : null;
  const errorAt = (path: string, exact = false) => issueAt(t, issues, path, exact);
  const set: SetProgramme = (key, value) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setEdits((count) => count + 1);
  };
  const save = () => {
    setSentAt(edits);
    void saver.submit(
      { intent: "saveProgramme", programme: inputOf(draft, currency) },
      { method: "post", encType: "application/json" },
    );
  };

  return (
    <Stack gap="lg" maw={820}>
      <Section title={t("affiliates.settings.programme")}>
        <Switch
          label={t("affiliates.settings.enabled")}
          description={t("affiliates.settings.enabledHelp")}
          checked={draft.enabled}
          onChange={(event) => set("enabled", event.currentTarget.checked)}
        />
        <Radio.Group
          label={t("affiliates.settings.approval")}
          description={t("affiliates.settings.approvalHelp")}
          value={draft.approval}
          error={errorAt("approval")}
          onChange={(value) => set("approval", value === "automatic" ? "automatic" : "manual")}
        >
          <Group gap="lg" mt={6}>
            <Radio value="manual" label={t("affiliates.settings.manual")} />
            <Radio value="automatic" label={t("affiliates.settings.automatic")} />
          </Group>
        </Radio.Group>
        <NumberInput
          label={t("affiliates.settings.cookieDays")}
          description={t("affiliates.settings.cookieDaysHelp")}
          value={draft.cookieDays}
          min={1}
          max={365}
          allowDecimal={false}
          maw={420}
          error={errorAt("cookieDays")}
          onChange={(value) => set("cookieDays", value)}
        />
      </Section>
      <Section title={t("affiliates.settings.commission")}>
        <Radio.Group
          label={t("affiliates.settings.commissionType")}
          value={draft.commissionType}
          error={errorAt("commissionType")}
          onChange={(value) => set("commissionType", value === "flat" ? "flat" : "percent")}
        >
          <Group gap="lg" mt={6}>
            <Radio value="percent" label={t("affiliates.settings.percentType")} />
            <Radio value="flat" label={t("affiliates.settings.flatType")} />
          </Group>
        </Radio.Group>
        <Switch
          label={t("affiliates.settings.recurring")}
          description={t("affiliates.settings.recurringHelp")}
          checked={draft.recurring}
          onChange={(event) => set("recurring", event.currentTarget.checked)}
        />
        {draft.commissionType === "percent" ? (
          <NumberInput
            label={t("affiliates.settings.percent")}
            description={t("affiliates.settings.percentHelp")}
            value={draft.percent}
            min={0}
            max={100}
            decimalScale={2}
            suffix=" %"
            maw={420}
            error={errorAt("percent")}
            onChange={(value) => set("percent", value)}
          />
        ) : (
          <NumberInput
            label={t("affiliates.settings.flatAmount", { currency })}
            description={t("affiliates.settings.flatAmountHelp")}
            value={draft.flatAmount}
            min={0}
            decimalScale={digits}
            maw={420}
            error={errorAt("flatAmount")}
            onChange={(value) => set("flatAmount", value)}
          />
        )}
        <ProductCommissions
          lines={draft.productCommissions}
          products={products}
          currency={currency}
          errorAt={errorAt}
          onChange={(lines) => set("productCommissions", lines)}
        />
      </Section>
      <Section title={t("affiliates.settings.payouts")}>
        <NumberInput
          label={t("affiliates.settings.minPayout", { currency })}
          description={t("affiliates.settings.minPayoutHelp")}
          value={draft.minPayout}
          min={0}
          decimalScale={digits}
          maw={420}
          error={errorAt("minPayout")}
          onChange={(value) => set("minPayout", value)}
        />
        <Textarea
          label={t("affiliates.settings.terms")}
          description={t("affiliates.settings.termsHelp")}
          value={draft.terms}
          autosize
          minRows={4}
          maxRows={14}
          maxLength={4000}
          error={errorAt("terms")}
          onChange={(event) => set("terms", event.currentTarget.value)}
        />
      </Section>
      <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text size="sm" c="teal" role="status">
              {notice === "saved" ? t("affiliates.settings.saved") : ""}
            </Text>
            {notice === "failed" ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {issues.length > 0
                  ? t("affiliates.settings.checkIssues")
                  : t("affiliates.settings.saveFailed")}
              </Text>
            ) : null}
          </div>
          <Button loading={saver.state !== "idle"} onClick={save}>
            {t("affiliates.settings.save")}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
