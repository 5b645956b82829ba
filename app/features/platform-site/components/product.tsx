import { Box, Container, Grid, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  IconBook2,
  IconBrowser,
  IconShieldCheck,
  IconShoppingCart,
  IconSpeakerphone,
  IconUsers,
  type TablerIcon,
} from "@tabler/icons-react";
import { CheckList, CtaBand, lineIcon, PageHero } from "./platform-parts";
import classes from "./platform.module.css";

const sections: { key: string; icon: TablerIcon; tint: string }[] = [
  { key: "site", icon: IconBrowser, tint: "violet" },
  { key: "courses", icon: IconBook2, tint: "indigo" },
  { key: "shop", icon: IconShoppingCart, tint: "teal" },
  { key: "community", icon: IconUsers, tint: "orange" },
  { key: "marketing", icon: IconSpeakerphone, tint: "pink" },
  { key: "control", icon: IconShieldCheck, tint: "cyan" },
];

/** A tinted panel with the section's icon: the picture beside each section's text. */
function Visual({ icon: Icon, tint }: { icon: TablerIcon; tint: string }) {
  return (
    <Box
      aria-hidden="true"
      h={{ base: 180, sm: 260 }}
      style={{
        borderRadius: "var(--mantine-radius-xl)",
        display: "grid",
        placeItems: "center",
        color: `var(--mantine-color-${tint}-6)`,
        background: `radial-gradient(circle at 30% 20%, light-dark(var(--mantine-color-${tint}-1), rgba(255,255,255,0.06)), transparent 60%), light-dark(var(--mantine-color-${tint}-0), var(--mantine-color-dark-7))`,
        border: `1px solid light-dark(var(--mantine-color-${tint}-2), var(--mantine-color-dark-5))`,
      }}
    >
      <Icon {...lineIcon} size={96} />
    </Box>
  );
}

/** `/product` on the base domain: a tour of what Lyceum does, area by area. */
export function ProductPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero
        eyebrow={t("platform.nav.product")}
        title={t("platform.product.title")}
        text={t("platform.product.text")}
      />
      {sections.map(({ key, icon, tint }, index) => {
        const base = `platform.product.sections.${key}`;
        return (
          <Box
            key={key}
            className={index % 2 === 1 ? classes.alt : undefined}
            py={{ base: 48, sm: 80 }}
          >
            <Container size="lg">
              <Grid gap={{ base: 32, md: 72 }} align="center">
                <Grid.Col
                  span={{ base: 12, md: 6 }}
                  order={{ base: 1, md: index % 2 === 1 ? 2 : 1 }}
                >
                  <Text className={classes.eyebrow}>{t(`${base}.eyebrow`)}</Text>
                  <Title order={2} fz={{ base: 26, sm: 34 }} mt="xs">
                    {t(`${base}.title`)}
                  </Title>
                  <Text c="dimmed" size="lg" mt="sm" mb="lg" lh={1.6}>
                    {t(`${base}.text`)}
                  </Text>
                  <CheckList items={[1, 2, 3, 4].map((n) => t(`${base}.point${n}`))} />
                </Grid.Col>
                <Grid.Col
                  span={{ base: 12, md: 6 }}
                  order={{ base: 2, md: index % 2 === 1 ? 1 : 2 }}
                >
                  <Visual icon={icon} tint={tint} />
                </Grid.Col>
              </Grid>
            </Container>
          </Box>
        );
      })}
      <CtaBand />
    </>
  );
}
