import { Card, Container, Text, Title } from "@mantine/core";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  IconBook2,
  IconShieldCheck,
  IconSparkles,
  IconSpeakerphone,
  IconUsers,
  IconWorld,
  type TablerIcon,
} from "@tabler/icons-react";
import { CheckList, CtaBand, IconBubble, PageHero } from "./platform-parts";
import classes from "./platform.module.css";
import { responsive } from "~/ui/responsive-style";

const cases: { key: string; icon: TablerIcon }[] = [
  { key: "creators", icon: IconSparkles },
  { key: "academies", icon: IconBook2 },
  { key: "coaches", icon: IconUsers },
  { key: "companies", icon: IconShieldCheck },
  { key: "communities", icon: IconSpeakerphone },
  { key: "international", icon: IconWorld },
];

/** `/use-cases` on the base domain: who Lyceum is for, and what each of them uses. */
export function UseCasesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero
        eyebrow={t("platform.nav.useCases")}
        title={t("platform.useCases.title")}
        text={t("platform.useCases.text")}
      />
      <Container {...responsive({ py: { base: 48, sm: 80 } })} size="lg">
        <ResponsiveSimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {cases.map(({ key, icon }) => {
            const base = `platform.useCases.items.${key}`;
            return (
              <Card key={key} withBorder radius="lg" padding="xl" className={classes.card}>
                <IconBubble icon={icon} />
                <Title order={2} fz="xl" mt="md">
                  {t(`${base}.title`)}
                </Title>
                <Text c="dimmed" mt="xs" mb="lg" lh={1.6}>
                  {t(`${base}.text`)}
                </Text>
                <Text fw={700} size="sm" mb={6}>
                  {t("platform.useCases.uses")}
                </Text>
                <CheckList items={[1, 2, 3].map((n) => t(`${base}.point${n}`))} />
              </Card>
            );
          })}
        </ResponsiveSimpleGrid>
      </Container>
      <CtaBand />
    </>
  );
}
