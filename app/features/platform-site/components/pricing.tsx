import { Accordion, Badge, Container, Group, SegmentedControl, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CtaBand, PageHero } from "./platform-parts";
import { annualSaving, PlanGrid, type BillingInterval, type PlanCardData } from "./plan-cards";
import { responsive } from "~/ui/responsive-style";

const questions = ["trial", "switch", "lifetime", "limits"] as const;

/** `/pricing` on the base domain: the plans of the plans table, monthly or annual (spec §9). */
export function PricingPage({ plans }: { plans: PlanCardData[] }) {
  const { t } = useTranslation();
  const [interval, setInterval] = useState<BillingInterval>("monthly");
  const saving = annualSaving(plans);
  return (
    <>
      <PageHero
        eyebrow={t("platform.nav.pricing")}
        title={t("platform.pricing.title")}
        text={t("platform.pricing.text")}
      >
        <Group justify="center" mt="xl" gap="sm">
          <SegmentedControl
            size="md"
            radius="xl"
            value={interval}
            onChange={(value) => setInterval(value as BillingInterval)}
            aria-label={t("platform.pricing.billing")}
            data={[
              { value: "monthly", label: t("platform.pricing.monthly") },
              { value: "annual", label: t("platform.pricing.annual") },
            ]}
          />
          {saving > 0 ? (
            <Badge color="teal" variant="light" size="lg">
              {t("platform.pricing.save", { percent: saving })}
            </Badge>
          ) : null}
        </Group>
      </PageHero>
      <Container {...responsive({ py: { base: 40, sm: 64 } })} size="xl">
        {/* Right under the page's h1: the plans' names are h2s (issue 37, no level skipped). */}
        <PlanGrid plans={plans} interval={interval} detailed level={2} />
      </Container>
      <Container {...responsive({ pb: { base: 24, sm: 48 } })} size="sm">
        <Stack>
          <Title {...responsive({ fz: { base: 26, sm: 32 } })} order={2} ta="center">
            {t("platform.pricing.faqTitle")}
          </Title>
          <Accordion variant="separated" radius="md">
            {questions.map((key) => (
              <Accordion.Item key={key} value={key}>
                <Accordion.Control>{t(`platform.pricing.faq.${key}.q`)}</Accordion.Control>
                <Accordion.Panel>{t(`platform.pricing.faq.${key}.a`)}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </Container>
      <CtaBand />
    </>
  );
}
