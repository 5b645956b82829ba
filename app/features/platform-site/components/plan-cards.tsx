import { Badge, Button, Card, Divider, Stack, Text, Title } from "@mantine/core";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { PlanPricing } from "~/features/plans/plans";
import { CheckList } from "./platform-parts";
import classes from "./platform.module.css";

/** A plan as the marketing pages show it (a row of the plans table, spec §9). */
export type PlanCardData = {
  id: string;
  label: string;
  description: string;
  pricing: PlanPricing;
  features: string[];
  limits: Record<string, number>;
  addons: Record<string, "free" | "soon">;
};

export type BillingInterval = "monthly" | "annual";

/** The plan the pages single out; a presentation choice, not data. */
const recommendedPlan = "professional";

const limitOrder = [
  "members",
  "mau",
  "courses",
  "groups",
  "funnels",
  "emails",
  "email_verify",
  "chats",
  "ai_tokens",
  "storage",
] as const;

const knownFeatures = ["lms", "groups", "appointments", "single_session"];

function prices(plan: PlanCardData) {
  const { pricing } = plan;
  return pricing.stripe ?? pricing.paypal ?? pricing.razorpay ?? pricing.offline ?? {};
}

/** The price to show for an interval; a one-time plan shows its one price whatever the toggle. */
export function planPrice(plan: PlanCardData, interval: BillingInterval) {
  const set = prices(plan);
  const chosen = set[interval] ?? (set.onetime ? undefined : set.monthly);
  if (chosen) {
    const per = set[interval] ? interval : "monthly";
    return { amount: chosen.amount, per, trialDays: chosen.trial_days ?? 0 } as const;
  }
  if (set.onetime) return { amount: set.onetime.amount, per: "once", trialDays: 0 } as const;
  return null;
}

/** The best saving annual billing gives over twelve monthly payments, in whole percent. */
export function annualSaving(plans: PlanCardData[]): number {
  let best = 0;
  for (const plan of plans) {
    const { monthly, annual } = prices(plan);
    if (monthly && annual && monthly.amount > 0)
      best = Math.max(best, Math.round((1 - annual.amount / (monthly.amount * 12)) * 100));
  }
  return best;
}

/** The longest free trial any plan offers (0 when none does). */
export function longestTrial(plans: PlanCardData[]): number {
  return Math.max(0, ...plans.map((plan) => planPrice(plan, "monthly")?.trialDays ?? 0));
}

export function useMoney() {
  const { i18n } = useTranslation();
  const money = new Intl.NumberFormat(i18n.language, {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
  const number = new Intl.NumberFormat(i18n.language);
  return { money: (n: number) => money.format(n), number: (n: number) => number.format(n) };
}

function PlanDetails({ plan }: { plan: PlanCardData }) {
  const { t } = useTranslation();
  const { number } = useMoney();
  const limits = limitOrder
    .filter((key) => plan.limits[key] !== undefined)
    .map((key) => {
      const value = plan.limits[key]!;
      if (key === "storage") {
        const size = value >= 1024 ? `${number(value / 1024)} GB` : `${number(value)} MB`;
        return t("platform.pricing.limits.storage", { size });
      }
      return t(`platform.pricing.limits.${key}`, { value: number(value) });
    });
  const features = plan.features
    .filter((name) => knownFeatures.includes(name))
    .map((name) => t(`platform.pricing.features.${name}`));
  const addons = Object.entries(plan.addons)
    .filter(([, state]) => state === "free")
    .map(([name]) => t(`platform.pricing.addons.${name}`, { defaultValue: name }));
  return (
    <Stack gap="md" mt="md">
      <Divider />
      {limits.length > 0 ? (
        <div>
          <Text fw={700} size="sm" mb={6}>
            {t("platform.pricing.limitsTitle")}
          </Text>
          <CheckList items={limits} />
        </div>
      ) : null}
      <div>
        <Text fw={700} size="sm" mb={6}>
          {t("platform.pricing.featuresTitle")}
        </Text>
        <CheckList items={features} />
      </div>
      {addons.length > 0 ? (
        <div>
          <Text fw={700} size="sm" mb={6}>
            {t("platform.pricing.addonsTitle")}
          </Text>
          <CheckList items={addons} />
        </div>
      ) : null}
    </Stack>
  );
}

export function PlanCard({
  plan,
  interval,
  detailed,
  level = 3,
}: {
  plan: PlanCardData;
  interval: BillingInterval;
  detailed?: boolean;
  /** The plan name's heading level, one below the heading the card sits under. */
  level?: 2 | 3;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const price = planPrice(plan, interval);
  const recommended = plan.id === recommendedPlan;
  const perLabel = {
    monthly: t("platform.pricing.perMonth"),
    annual: t("platform.pricing.perYear"),
    once: t("platform.pricing.once"),
  };
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={classes.planCard}
      data-recommended={recommended || undefined}
      data-testid="plan-card"
      data-plan={plan.id}
    >
      <Stack gap={6} style={{ flex: 1 }}>
        {recommended ? (
          <Badge
            className={classes.ribbon}
            size="lg"
            variant="gradient"
            gradient={{ from: "violet", to: "indigo" }}
          >
            {t("platform.pricing.recommended")}
          </Badge>
        ) : null}
        {/* Drawn as an h3 whatever its level. */}
        <Title order={level} size="h3" fz="xl">
          {plan.label}
        </Title>
        <Text size="sm" c="dimmed" mih={40}>
          {t(`platform.pricing.plans.${plan.id}`, { defaultValue: plan.description })}
        </Text>
        {price ? (
          <Text mt="sm" data-testid="plan-price">
            <Text span fz={40} fw={800} lh={1} style={{ letterSpacing: "-0.02em" }}>
              {money(price.amount)}
            </Text>{" "}
            <Text span c="dimmed" size="sm">
              {perLabel[price.per]}
            </Text>
          </Text>
        ) : null}
        <Text size="sm" c={price?.trialDays ? "teal" : "dimmed"} fw={500} mih={22}>
          {price?.trialDays ? t("platform.pricing.trial", { days: price.trialDays }) : " "}
        </Text>
        {detailed ? <PlanDetails plan={plan} /> : null}
      </Stack>
      <Button
        component={Link}
        to={`/signup?plan=${plan.id}`}
        mt="xl"
        fullWidth
        variant={recommended ? "gradient" : "light"}
        gradient={{ from: "violet", to: "indigo", deg: 135 }}
      >
        {t("platform.pricing.choose", { plan: plan.label })}
      </Button>
    </Card>
  );
}

export function PlanGrid({
  plans,
  interval,
  detailed,
  level,
}: {
  plans: PlanCardData[];
  interval: BillingInterval;
  detailed?: boolean;
  level?: 2 | 3;
}) {
  return (
    <ResponsiveSimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} interval={interval} detailed={detailed} level={level} />
      ))}
    </ResponsiveSimpleGrid>
  );
}
