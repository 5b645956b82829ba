import { Box, Button, Collapse, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconChevronDown, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { GroupTies, GroupView } from "../group-shapes";
import { PlaceBadge, PrivacyBadge } from "./group-card";
import { GroupCover } from "./group-cover";
import { GroupManage } from "./group-manage";
import { MembershipButton } from "./membership-button";

/**
 * A group's head: cover, name, privacy and size, what it is about, its rules (folded), what the
 * viewer may do about belonging to it, and for the site's managers its settings.
 */
export function GroupHeader({
  group,
  canManage,
  ties,
  limit,
}: {
  group: GroupView;
  canManage: boolean;
  ties: GroupTies;
  limit: number;
}) {
  const { t, i18n } = useTranslation();
  const [rulesOpen, setRulesOpen] = useState(false);
  const number = numberFormat(i18n.language);
  return (
    <Paper withBorder radius="md" style={{ overflow: "hidden" }} data-testid="group-header">
      <GroupCover id={group.id} cover={group.cover} height={160} />
      <Stack gap="sm" p="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={6} style={{ minWidth: 0, flex: "1 1 16rem" }}>
            <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
              <bdi>{group.name}</bdi>
            </Title>
            <Group gap={6} wrap="wrap">
              <PrivacyBadge privacy={group.privacy} />
              <PlaceBadge mine={group.mine} />
              <Group gap={4} wrap="nowrap">
                <IconUsers size={14} aria-hidden color="var(--mantine-color-dimmed)" />
                <Text size="sm" c="dimmed" data-testid="group-members">
                  {t("groups.card.members", { value: number.format(group.members) })}
                </Text>
              </Group>
            </Group>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <MembershipButton group={group} withLeave />
          </Group>
        </Group>
        {group.description ? (
          <Text dir="auto" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {group.description}
          </Text>
        ) : null}
        {group.rules ? (
          <Box>
            <Button
              variant="subtle"
              size="compact-sm"
              px={0}
              aria-expanded={rulesOpen}
              aria-controls={`group-rules-${group.id}`}
              onClick={() => setRulesOpen((open) => !open)}
              rightSection={
                <IconChevronDown
                  size={14}
                  aria-hidden
                  style={{
                    transform: rulesOpen ? "rotate(180deg)" : undefined,
                    transition: "transform 150ms",
                  }}
                />
              }
              data-testid="group-rules-toggle"
            >
              {t("groups.page.rules")}
            </Button>
            <Collapse expanded={rulesOpen}>
              <Text
                id={`group-rules-${group.id}`}
                dir="auto"
                size="sm"
                mt="xs"
                p="sm"
                bg="var(--mantine-color-default-hover)"
                style={{
                  whiteSpace: "pre-wrap",
                  overflowWrap: "anywhere",
                  borderRadius: "var(--mantine-radius-sm)",
                }}
                data-testid="group-rules"
              >
                {group.rules}
              </Text>
            </Collapse>
          </Box>
        ) : null}
        {canManage ? <GroupManage group={group} ties={ties} limit={limit} /> : null}
      </Stack>
    </Paper>
  );
}
