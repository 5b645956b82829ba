import { Badge, Box, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { ResponsiveCol, ResponsiveGrid, ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import {
  IconArrowRight,
  IconBook2,
  IconBrowser,
  IconShoppingCart,
  IconSpeakerphone,
  IconUsers,
  IconWorld,
  type TablerIcon,
} from "@tabler/icons-react";
import { Trans } from "react-i18next";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { CtaBand, FeatureCard, lineIcon, SectionHeading } from "./platform-parts";
import { longestTrial, PlanGrid, type PlanCardData } from "./plan-cards";
import classes from "./platform.module.css";
import { SitePreview } from "./site-preview";
import { responsive } from "~/ui/responsive-style";

const heroTitle = responsive({ fz: { base: 38, sm: 56 } });

const pillars: { key: string; icon: TablerIcon }[] = [
  { key: "courses", icon: IconBook2 },
  { key: "site", icon: IconBrowser },
  { key: "shop", icon: IconShoppingCart },
  { key: "community", icon: IconUsers },
  { key: "marketing", icon: IconSpeakerphone },
  { key: "global", icon: IconWorld },
];

const steps = ["create", "teach", "grow"] as const;

/** The platform's home on the base domain: what Lyceum is, how to start, plans and live demos. */
export function PlatformHome({ plans, demoUrls }: { plans: PlanCardData[]; demoUrls: string[] }) {
  const { t } = useTranslation();
  const trialDays = longestTrial(plans);
  return (
    <>
      <Box {...responsive({ py: { base: 48, sm: 96 } }, classes.hero)}>
        <Container size="lg">
          <ResponsiveGrid gap={40} gapFromMd={64} align="center">
            <ResponsiveCol span={6} from="md">
              <Badge variant="light" color="violet" size="lg" radius="sm">
                {t("platform.home.badge")}
              </Badge>
              <Title
                order={1}
                className={heroTitle.className}
                lh={1.05}
                mt="lg"
                style={{ ...heroTitle.style, letterSpacing: "-0.03em" }}
              >
                <Trans
                  i18nKey="platform.home.title"
                  components={{ brand: <span className={classes.gradientText} /> }}
                />
              </Title>
              <Text size="xl" c="dimmed" mt="lg" lh={1.55} maw={560}>
                {t("platform.home.text")}
              </Text>
              <Group mt="xl">
                <Button
                  component={Link}
                  to="/signup"
                  size="lg"
                  variant="gradient"
                  gradient={{ from: "violet", to: "indigo", deg: 135 }}
                  rightSection={<IconArrowRight {...lineIcon} size={18} />}
                >
                  {t("platform.home.primary")}
                </Button>
                <Button component={Link} to="/pricing" size="lg" variant="default">
                  {t("platform.home.secondary")}
                </Button>
              </Group>
              {trialDays > 0 ? (
                <Text size="sm" c="dimmed" mt="md">
                  {t("platform.home.note", { days: trialDays })}
                </Text>
              ) : null}
            </ResponsiveCol>
            <ResponsiveCol span={6} from="md">
              <SitePreview />
            </ResponsiveCol>
          </ResponsiveGrid>
        </Container>
      </Box>

      <Container {...responsive({ py: { base: 56, sm: 88 } })} size="lg">
        <SectionHeading
          title={t("platform.home.pillarsTitle")}
          text={t("platform.home.pillarsText")}
        />
        <ResponsiveSimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {pillars.map(({ key, icon }) => (
            <FeatureCard
              key={key}
              icon={icon}
              title={t(`platform.home.pillars.${key}.title`)}
              text={t(`platform.home.pillars.${key}.text`)}
            />
          ))}
        </ResponsiveSimpleGrid>
      </Container>

      <Box {...responsive({ py: { base: 56, sm: 88 } }, classes.alt)}>
        <Container size="lg">
          <SectionHeading title={t("platform.home.stepsTitle")} />
          <ResponsiveSimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
            {steps.map((step, index) => (
              <Stack key={step} gap="sm">
                <span className={classes.stepNumber}>{index + 1}</span>
                <Title order={3} fz="xl">
                  {t(`platform.home.steps.${step}.title`)}
                </Title>
                <Text c="dimmed" lh={1.6}>
                  {t(`platform.home.steps.${step}.text`)}
                </Text>
              </Stack>
            ))}
          </ResponsiveSimpleGrid>
        </Container>
      </Box>

      <Container {...responsive({ py: { base: 56, sm: 88 } })} size="lg">
        <SectionHeading
          title={t("platform.home.pricingTitle")}
          text={t("platform.home.pricingText")}
        />
        <PlanGrid plans={plans} interval="monthly" />
        <Group justify="center" mt="xl">
          <Button
            component={Link}
            to="/pricing"
            variant="subtle"
            rightSection={<IconArrowRight {...lineIcon} size={16} />}
          >
            {t("platform.home.pricingLink")}
          </Button>
        </Group>
      </Container>

      {demoUrls.length > 0 ? (
        <Box {...responsive({ py: { base: 48, sm: 72 } }, classes.alt)}>
          <Container size="md">
            <SectionHeading
              title={t("platform.home.demoTitle")}
              text={t("platform.home.demoText")}
            />
            <ResponsiveSimpleGrid cols={{ base: 1, sm: demoUrls.length }} spacing="lg">
              {demoUrls.map((url) => (
                <Card
                  key={url}
                  component="a"
                  href={url}
                  withBorder
                  radius="lg"
                  padding="lg"
                  className={classes.card}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{t("platform.visitDemo", { host: new URL(url).host })}</Text>
                    <IconArrowRight {...lineIcon} size={18} />
                  </Group>
                </Card>
              ))}
            </ResponsiveSimpleGrid>
          </Container>
        </Box>
      ) : null}

      <CtaBand />
    </>
  );
}
