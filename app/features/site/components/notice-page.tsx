import { Button, Container, Group, Paper, Stack, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A short confirmation inside the site's frame: a tick, a heading, a few lines and the way on. */
export function NoticePage({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: { label: string; to: string; primary?: boolean }[];
}) {
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Paper withBorder radius="lg" p={{ base: "lg", sm: 48 }} ta="center">
        <Stack align="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden="true">
            <IconCheck size={32} stroke={2.2} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {title}
          </Title>
          <Stack gap="xs" maw={480}>
            {children}
          </Stack>
          <Group justify="center" mt="md">
            {actions.map((action) => (
              <Button
                key={action.to}
                component={Link}
                to={action.to}
                variant={action.primary ? "filled" : "default"}
              >
                {action.label}
              </Button>
            ))}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
