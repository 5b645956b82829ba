import { Anchor, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

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
  return (
    <Center py={{ base: 32, sm: 72 }} px="md">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: "lg", sm: 36 }} w="100%" maw={440}>
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
