import { Anchor, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";

export type MembersOnlyProps = {
  /** The levels that open it, by name. */
  levels: { id: string; name: string }[];
  /** The excerpt shown in place of the body (plain text). */
  teaser: string;
  /** Signed in already: no "sign in" link. */
  signedIn: boolean;
  /** Where signing in brings the reader back to. */
  returnTo: string;
  /** What to buy to become a member (the products feature's cards). */
  children?: ReactNode;
};

/**
 * Issue 16: what a reader without the level sees of members-only content: its teaser and a
 * call to action naming the levels that open it, with the products that give them.
 */
export function MembersOnly({ levels, teaser, signedIn, returnTo, children }: MembersOnlyProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" mt="lg" data-testid="members-only">
      {teaser ? (
        <Text size="lg" data-testid="members-only-teaser">
          {teaser}
        </Text>
      ) : null}
      <Paper withBorder radius="md" p="xl">
        <Stack gap="sm" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <IconLock size={20} aria-hidden />
            <Title order={2} fz="h3">
              {t("memberships.gate.title")}
            </Title>
          </Group>
          <Text>{t("memberships.gate.text")}</Text>
          {levels.length > 0 ? (
            <Group gap="xs" align="center">
              <Text size="sm" c="dimmed">
                {t("memberships.gate.levels")}:
              </Text>
              {levels.map((level) => (
                <Badge key={level.id} variant="light" size="lg">
                  {level.name}
                </Badge>
              ))}
            </Group>
          ) : null}
          {children}
          {signedIn ? null : (
            <Text size="sm">
              {t("memberships.gate.already")}{" "}
              <Anchor href={`/login?redirectedFrom=${encodeURIComponent(returnTo)}`} fw={600}>
                {t("memberships.gate.signIn")}
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
