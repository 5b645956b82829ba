import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconEyeOff, IconLock, IconUsers, IconWorld } from "@tabler/icons-react";
import { Link } from "react-router";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import { GROUPS_PATH, type GroupCard, type GroupPrivacy } from "../group-shapes";
import { GroupCover } from "./group-cover";
import { privacyColour, useGroupWords } from "./group-words";
import { MembershipButton } from "./membership-button";

const privacyIcons: Record<GroupPrivacy, typeof IconWorld> = {
  public: IconWorld,
  private: IconLock,
  hidden: IconEyeOff,
};

/** A group's privacy as a badge with its icon. */
export function PrivacyBadge({ privacy }: { privacy: GroupPrivacy }) {
  const words = useGroupWords();
  const Icon = privacyIcons[privacy];
  return (
    <Badge
      variant="light"
      color={privacyColour[privacy]}
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="group-privacy"
    >
      {words.privacies[privacy]}
    </Badge>
  );
}

/** The viewer's place in a group (member, moderator, requested, banned), or nothing. */
export function PlaceBadge({ mine }: { mine: GroupCard["mine"] }) {
  const words = useGroupWords();
  if (!mine) return null;
  const place = mine.status === "active" ? mine.role : mine.status;
  const colour = { member: "blue", moderator: "grape", requested: "yellow", banned: "red" }[place];
  return (
    <Badge variant="light" color={colour} data-testid="group-place">
      {words.places[place]}
    </Badge>
  );
}

/** One group of the list: its cover, name, privacy, size, news and what the viewer may do. */
export function GroupCardView({ group }: { group: GroupCard }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const to = `${GROUPS_PATH}/${group.slug}`;
  return (
    <Card withBorder radius="md" padding="md" data-testid="group-card" data-slug={group.slug}>
      <Card.Section>
        <Link to={to} tabIndex={-1} aria-hidden>
          <GroupCover id={group.id} cover={group.cover} height={120} />
        </Link>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            <bdi>{group.name}</bdi>
          </Title>
          {group.unread > 0 ? (
            <Badge
              color="red"
              variant="filled"
              style={{ flexShrink: 0 }}
              data-testid="group-unread"
            >
              <span aria-hidden>{number.format(group.unread)}</span>
              <VisuallyHidden>
                {t("groups.card.unread", { value: number.format(group.unread) })}
              </VisuallyHidden>
            </Badge>
          ) : null}
        </Group>
        <Group gap={6} wrap="wrap">
          <PrivacyBadge privacy={group.privacy} />
          <PlaceBadge mine={group.mine} />
        </Group>
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconUsers size={14} aria-hidden />
          <Text size="sm" c="dimmed" data-testid="group-members">
            {t("groups.card.members", { value: number.format(group.members) })}
          </Text>
        </Group>
        {group.description ? (
          <Text size="sm" lineClamp={3} dir="auto" style={{ overflowWrap: "anywhere" }}>
            {group.description}
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs" mt="md" wrap="wrap">
        <Button
          component={Link}
          to={to}
          variant={group.mine?.status === "active" ? "filled" : "default"}
          data-testid="group-open"
        >
          {t("groups.card.open")}
        </Button>
        <MembershipButton group={group} />
      </Group>
    </Card>
  );
}
