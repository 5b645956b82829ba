import {
  Container,
  Stack,
  Text,
  Title,
  type MantineSize,
  type MantineSpacing,
} from "@mantine/core";
import type { ReactNode } from "react";

type DashboardMessages = { sections?: Record<string, { title: string }> };

/**
 * A site settings screen's tab title, in the reader's language: the sidebar's name for it,
 * from the messages the root loader sends (`fallback` until they are there). Not indexed.
 */
export function settingsMeta(
  matches: ReadonlyArray<{ loaderData?: unknown } | undefined>,
  { section, fallback }: { section: string; fallback: string },
) {
  const root = matches[0]?.loaderData as { messages?: Record<string, unknown> } | undefined;
  const sections = (root?.messages?.dashboard as DashboardMessages | undefined)?.sections;
  return [
    { title: sections?.[section]?.title ?? fallback },
    { name: "robots", content: "noindex" },
  ];
}

/** A site settings screen: its heading and introduction over its editors. */
export function SettingsPage({
  title,
  intro,
  size,
  gap,
  children,
}: {
  title: string;
  intro: string;
  /** How wide the screen may grow (an editor beside its preview wants more room). */
  size: MantineSize;
  gap: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Container size={size} py="md">
      <Stack gap={gap}>
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        {children}
      </Stack>
    </Container>
  );
}
