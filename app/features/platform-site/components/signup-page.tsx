import { Box, Container, Stack, Text, Title } from "@mantine/core";
import { ResponsiveCol, ResponsiveGrid } from "~/ui/responsive-grid";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckList } from "./platform-parts";
import { planPrice, useMoney, type PlanCardData } from "./plan-cards";
import classes from "./platform.module.css";
import { AccountSignupForm } from "./signup-form";
import { responsive } from "~/ui/responsive-style";

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
    <Box {...responsive({ py: { base: 32, sm: 72 } }, classes.hero)}>
      <Container size="lg">
        <ResponsiveGrid gap={32} gapFromMd={64} align="flex-start">
          <ResponsiveCol span={5} from="md">
            <Stack gap="lg" pt={{ md: 24 }}>
              <Text className={classes.eyebrow}>{t("platform.nav.start")}</Text>
              <Title {...responsive({ fz: { base: 32, sm: 44 } })} order={1} lh={1.1}>
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
          </ResponsiveCol>
          <ResponsiveCol span={7} from="md">
            <AccountSignupForm plans={options} hostSuffix={hostSuffix} />
          </ResponsiveCol>
        </ResponsiveGrid>
      </Container>
    </Box>
  );
}
