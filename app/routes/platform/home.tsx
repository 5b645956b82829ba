import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PlanPricing } from "~/features/plans/validation";
import classes from "./platform.module.css";

type PlanCard = { id: string; label: string; description: string; pricing: PlanPricing };

const featureKeys = ["courses", "site", "commerce", "community"] as const;

function price(plan: PlanCard): { amount: number; interval: "monthly" | "onetime" } | null {
  const stripe = plan.pricing.stripe;
  if (stripe?.monthly) return { amount: stripe.monthly.amount, interval: "monthly" };
  if (stripe?.onetime) return { amount: stripe.onetime.amount, interval: "onetime" };
  return null;
}

/** The platform's home page on the base domain: it names the product and shows the plans. */
export function PlatformHome({ plans, demoUrls }: { plans: PlanCard[]; demoUrls: string[] }) {
  const { t, i18n } = useTranslation();
  const money = new Intl.NumberFormat(i18n.language, {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
  return (
    <>
      <Box className={classes.hero} py={{ base: 64, sm: 110 }}>
        <Container size="md" ta="center">
          <Badge variant="light" size="lg" mb="lg">
            {t("platform.badge")}
          </Badge>
          <Title order={1} fz={{ base: 36, sm: 56 }} lh={1.1}>
            {t("platform.heroTitle")}
          </Title>
          <Text size="xl" c="dimmed" mt="lg" maw={640} mx="auto">
            {t("platform.heroText")}
          </Text>
          <Group justify="center" mt="xl">
            {demoUrls.map((url) => (
              <Button
                key={url}
                component="a"
                href={url}
                size="md"
                variant={url.includes("//demo.") ? "filled" : "default"}
              >
                {t("platform.visitDemo", { host: new URL(url).host })}
              </Button>
            ))}
          </Group>
        </Container>
      </Box>
      <Container size="lg" py={64} id="features">
        <Title order={2} ta="center" mb="xl">
          {t("platform.featuresTitle")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {featureKeys.map((key, index) => (
            <Card key={key} withBorder padding="lg">
              <ThemeIcon size="lg" variant="light" mb="md">
                {index + 1}
              </ThemeIcon>
              <Text fw={700}>{t(`platform.features.${key}.title`)}</Text>
              <Text size="sm" c="dimmed" mt={6}>
                {t(`platform.features.${key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <Container size="lg" pb={80} id="pricing">
        <Title order={2} ta="center" mb="xl">
          {t("platform.pricingTitle")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {plans.map((plan) => {
            const p = price(plan);
            return (
              <Card key={plan.id} withBorder padding="lg" data-testid="plan-card">
                <Stack gap="xs">
                  <Text fw={700} fz="lg">
                    {plan.label}
                  </Text>
                  {p ? (
                    <Text fz={32} fw={800}>
                      {money.format(p.amount)}
                      <Text span c="dimmed" fz="sm">
                        {" "}
                        {t(`platform.interval.${p.interval}`)}
                      </Text>
                    </Text>
                  ) : null}
                  <List size="sm" c="dimmed">
                    <List.Item>{plan.description}</List.Item>
                  </List>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Container>
    </>
  );
}
