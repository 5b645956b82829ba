import { Anchor, Center, Paper, Stack, Text, Title } from "@mantine/core";
import { createContext, useContext, type ReactNode } from "react";
import { Link } from "react-router";
import classes from "./auth-card.module.css";

/**
 * Sign-in screens placed inside another page (the checkout) draw their card flush, with an h2,
 * instead of centred on a page of their own with its h1.
 */
export const EmbeddedAuthCards = createContext(false);

/** The frame of every sign-in screen: a centred card with a title and a footer link. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: { text: string; link: string; to: string };
}) {
  const embedded = useContext(EmbeddedAuthCards);
  if (embedded)
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <Title order={3} fz="lg">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    );
  return (
    <Center className={classes.page} px="md">
      <Paper withBorder shadow="sm" radius="lg" className={classes.card} w="100%" maw={440}>
        <Stack gap="lg">
          <div>
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm" mt={6}>
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
          {footer ? (
            <Text size="sm" ta="center" c="dimmed">
              {footer.text}{" "}
              <Anchor component={Link} to={footer.to} fw={600}>
                {footer.link}
              </Anchor>
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}
