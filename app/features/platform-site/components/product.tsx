import { Box, Container, Text, Title } from "@mantine/core";
import { ResponsiveCol, ResponsiveGrid } from "~/ui/responsive-grid";
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
import { responsive } from "~/ui/responsive-style";

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
  const shades = Object.fromEntries(
    [0, 1, 2, 6].map((shade) => [`--tint-${shade}`, `var(--mantine-color-${tint}-${shade})`]),
  );
  return (
    <Box aria-hidden="true" className={classes.visual} style={shades}>
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
            {...responsive({ py: { base: 48, sm: 80 } }, index % 2 === 1 ? classes.alt : undefined)}
            key={key}
          >
            <Container size="lg">
              <ResponsiveGrid gap={32} gapFromMd={72} align="center">
                <ResponsiveCol span={6} from="md" order={1} orderFrom={index % 2 === 1 ? 2 : 1}>
                  <Text className={classes.eyebrow}>{t(`${base}.eyebrow`)}</Text>
                  <Title {...responsive({ fz: { base: 26, sm: 34 } })} order={2} mt="xs">
                    {t(`${base}.title`)}
                  </Title>
                  <Text c="dimmed" size="lg" mt="sm" mb="lg" lh={1.6}>
                    {t(`${base}.text`)}
                  </Text>
                  <CheckList items={[1, 2, 3, 4].map((n) => t(`${base}.point${n}`))} />
                </ResponsiveCol>
                <ResponsiveCol span={6} from="md" order={2} orderFrom={index % 2 === 1 ? 1 : 2}>
                  <Visual icon={icon} tint={tint} />
                </ResponsiveCol>
              </ResponsiveGrid>
            </Container>
          </Box>
        );
      })}
      <CtaBand />
    </>
  );
}
