import { Box, Container, Group, Stack, Text, Title } from "@mantine/core";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  IconBook2,
  IconBrowser,
  IconCheck,
  IconShoppingCart,
  IconSpeakerphone,
  IconUsers,
  IconWorld,
  type TablerIcon,
} from "@tabler/icons-react";
import { CtaBand, IconBubble, lineIcon, PageHero } from "./platform-parts";
import classes from "./platform.module.css";
import { responsive } from "~/ui/responsive-style";

const groups: { key: string; icon: TablerIcon; items: string[] }[] = [
  { key: "site", icon: IconBrowser, items: ["pages", "blog", "menus", "theme"] },
  { key: "learning", icon: IconBook2, items: ["lessons", "quizzes", "certificates", "progress"] },
  {
    key: "commerce",
    icon: IconShoppingCart,
    items: ["cart", "payments", "memberships", "coupons"],
  },
  {
    key: "community",
    icon: IconUsers,
    items: ["groups", "messages", "notifications", "gamification"],
  },
  { key: "marketing", icon: IconSpeakerphone, items: ["forms", "emails", "funnels", "affiliates"] },
  { key: "platform", icon: IconWorld, items: ["languages", "domains", "security", "search"] },
];

/** `/features` on the base domain: everything included, group by group. */
export function FeaturesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero
        eyebrow={t("platform.nav.features")}
        title={t("platform.features.title")}
        text={t("platform.features.text")}
      />
      {groups.map(({ key, icon, items }, index) => (
        <Box
          {...responsive({ py: { base: 40, sm: 64 } }, index % 2 === 1 ? classes.alt : undefined)}
          key={key}
        >
          <Container size="lg">
            <Group gap="md" mb="xl" wrap="nowrap">
              <IconBubble icon={icon} />
              <Title {...responsive({ fz: { base: 24, sm: 30 } })} order={2}>
                {t(`platform.features.groups.${key}.title`)}
              </Title>
            </Group>
            <ResponsiveSimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
              {items.map((item) => (
                <Stack key={item} gap={6}>
                  <Group gap={8} wrap="nowrap">
                    <Text span c="teal" display="flex">
                      <IconCheck {...lineIcon} size={18} />
                    </Text>
                    <Title order={3} fz="md">
                      {t(`platform.features.groups.${key}.${item}.title`)}
                    </Title>
                  </Group>
                  <Text size="sm" c="dimmed" lh={1.6}>
                    {t(`platform.features.groups.${key}.${item}.text`)}
                  </Text>
                </Stack>
              ))}
            </ResponsiveSimpleGrid>
          </Container>
        </Box>
      ))}
      <CtaBand />
    </>
  );
}
