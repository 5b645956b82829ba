import {
  Container,
  Stack,
  Text,
  Title,
  type MantineSize,
  type MantineSpacing,
} from "@mantine/core";
import type { ReactNode } from "react";
import { textFromMatches } from "~/platform/i18n/i18n";

/**
 * A site settings screen's tab title, in the reader's language: the sidebar's name for it,
 * from the messages the screen's loader sends (`fallback` until they are there). Not indexed.
 */
export function settingsMeta(
  matches: ReadonlyArray<{ loaderData?: unknown } | undefined>,
  { titleKey, fallback }: { titleKey: string; fallback: string },
) {
  return [
    { title: textFromMatches(matches, titleKey) ?? fallback },
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
