import { Box, Container, Grid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckList } from "./platform-parts";
import { planPrice, useMoney, type PlanCardData } from "./plan-cards";
import classes from "./platform.module.css";
import { AccountSignupForm } from "./signup-form";

const pitch = ["site", "content", "owner", "languages"] as const;

/** `/signup` on the base domain: create a new site (P20). */
export function PlatformSignupPage({
  plans,
  hostSuffix,
}: {
  plans: PlanCardData[];
  hostSuffix: string;
}) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const options = plans.map((plan) => {
    const price = planPrice(plan, "monthly");
    const amount = price ? money(price.amount) : "";
    return {
      id: plan.id,
      label: plan.label,
      price:
        price?.per === "once"
          ? t("platform.signup.priceOnce", { price: amount })
          : t("platform.signup.priceMonthly", { price: amount }),
    };
  });
  return (
    <Box className={classes.hero} py={{ base: 32, sm: 72 }}>
      <Container size="lg">
        <Grid gap={{ base: 32, md: 64 }} align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg" pt={{ md: 24 }}>
              <Text className={classes.eyebrow}>{t("platform.nav.start")}</Text>
              <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.1}>
                {t("platform.signup.title")}
              </Title>
              <Text size="lg" c="dimmed">
                {t("platform.signup.subtitle")}
              </Text>
              <div>
                <Text fw={700} mb="sm">
                  {t("platform.signup.pitchTitle")}
                </Text>
                <CheckList items={pitch.map((key) => t(`platform.signup.pitch.${key}`))} />
              </div>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <AccountSignupForm plans={options} hostSuffix={hostSuffix} />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
