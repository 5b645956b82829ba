import { Box, Button, Card, Container, Group, List, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight, IconCheck, type TablerIcon } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import classes from "./platform.module.css";
import { responsive } from "~/ui/responsive-style";

/** The top band of a marketing page: eyebrow, the page's one heading, and its pitch. */
const heroTitle = responsive({ fz: { base: 34, sm: 52 } });
const sectionTitle = responsive({ fz: { base: 28, sm: 36 } });

export function PageHero({
  eyebrow,
  title,
  text,
  children,
}: {
  eyebrow: string;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Box {...responsive({ py: { base: 56, sm: 88 } }, classes.hero)}>
      <Container size="md" ta="center">
        <Text className={classes.eyebrow}>{eyebrow}</Text>
        <Title
          order={1}
          className={heroTitle.className}
          lh={1.1}
          mt="sm"
          style={{ ...heroTitle.style, letterSpacing: "-0.02em" }}
        >
          {title}
        </Title>
        <Text size="xl" c="dimmed" mt="lg" maw={680} mx="auto" lh={1.55}>
          {text}
        </Text>
        {children}
      </Container>
    </Box>
  );
}

export function SectionHeading({ title, text }: { title: string; text?: string }) {
  return (
    <Stack gap="sm" align="center" ta="center" mb={40}>
      <Title
        order={2}
        className={sectionTitle.className}
        style={{ ...sectionTitle.style, letterSpacing: "-0.01em" }}
      >
        {title}
      </Title>
      {text ? (
        <Text c="dimmed" size="lg" maw={640}>
          {text}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The marketing pages' line icons: lighter than the app's, and decorative. */
export const lineIcon = { stroke: 1.8, "aria-hidden": true, focusable: "false" } as const;

export function IconBubble({ icon: Icon }: { icon: TablerIcon }) {
  return (
    <span className={classes.iconBubble}>
      <Icon {...lineIcon} size={22} />
    </span>
  );
}

export function FeatureCard({
  icon,
  title,
  text,
}: {
  icon: TablerIcon;
  title: string;
  text: string;
}) {
  return (
    <Card withBorder radius="lg" padding="xl" className={classes.card}>
      <IconBubble icon={icon} />
      <Title order={3} fz="lg" mt="md">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mt={6} lh={1.6}>
        {text}
      </Text>
    </Card>
  );
}

export function CheckList({ items }: { items: string[] }) {
  return (
    <List
      spacing="xs"
      center
      icon={
        <Text span c="teal" display="flex">
          <IconCheck {...lineIcon} size={18} />
        </Text>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

/** The call to action that closes every marketing page. */
export function CtaBand() {
  const { t } = useTranslation();
  return (
    <Container {...responsive({ py: { base: 48, sm: 80 } })} size="lg">
      <Box {...responsive({ px: { base: "lg", sm: 56 }, py: { base: 40, sm: 56 } }, classes.cta)}>
        <Title {...responsive({ fz: { base: 26, sm: 34 } })} order={2} c="white">
          {t("platform.home.ctaTitle")}
        </Title>
        <Text size="lg" mt="sm" maw={620} style={{ opacity: 0.9 }}>
          {t("platform.home.ctaText")}
        </Text>
        <Group mt="xl">
          <Button component={Link} to="/signup" size="md" variant="white" color="violet">
            {t("platform.nav.start")}
          </Button>
          <Button
            component={Link}
            to="/pricing"
            size="md"
            variant="outline"
            color="white"
            rightSection={<IconArrowRight {...lineIcon} size={16} />}
          >
            {t("platform.home.secondary")}
          </Button>
        </Group>
      </Box>
    </Container>
  );
}
