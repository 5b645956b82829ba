import { Button, Container, Group, Paper, Stack, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import classes from "./notice-page.module.css";

const tick = {
  "--ti-radius": "var(--mantine-radius-xl)",
  "--ti-bg": "var(--mantine-color-teal-light)",
  "--ti-color": "var(--mantine-color-teal-light-color)",
} as CSSProperties;

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
    <Container size="sm" className={classes.page}>
      <Paper withBorder radius="lg" className={classes.card} ta="center">
        <Stack align="center" gap="md">
          {/* Radius and colour as variables: ThemeIcon also writes those props out as attributes,
              which a <div> may not have (issue 37). */}
          <ThemeIcon size={64} variant="light" style={tick} aria-hidden="true">
            <IconCheck size={32} stroke={2.2} />
          </ThemeIcon>
          <Title order={1}>{title}</Title>
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
