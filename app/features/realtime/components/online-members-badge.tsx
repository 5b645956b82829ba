import { Badge, Group } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { MemberAvatar } from "~/features/members/members";
import { useRealtime } from "../use-realtime";

/**
 * D1/D12: how many members of the site are online now (each person once, whatever their tabs
 * and devices), linking to the messages screen. Needs a RealtimeProvider above it.
 */
export function OnlineMembersBadge({ href = "/dashboard/messages" }: { href?: string }) {
  const { t } = useTranslation();
  const { onlineCount, status, members } = useRealtime();
  return (
    <Group gap={6} wrap="nowrap">
      {/* The first few people online, named on hover (D14's tooltip avatars). */}
      <Group gap={2} wrap="nowrap" visibleFrom="sm" data-testid="online-members-faces">
        {members.slice(0, 3).map((person) => (
          <MemberAvatar
            key={person.id}
            variant="tooltip"
            filled
            userId={person.id}
            name={person.name}
            src={person.avatar}
            size={26}
          />
        ))}
      </Group>
      <Badge
        component={Link}
        to={href}
        variant="light"
        color={status === "open" ? "green" : "gray"}
        size="lg"
        radius="xl"
        leftSection={
          <span
            aria-hidden="true"
            style={{
              width: 8,
              height: 8,
              borderRadius: "50%",
              background: "currentColor",
              display: "inline-block",
            }}
          />
        }
        aria-label={t("realtime.onlineMembersLabel", { count: onlineCount })}
        title={t("realtime.onlineMembersLabel", { count: onlineCount })}
        data-testid="online-members-badge"
        style={{ cursor: "pointer", textTransform: "none" }}
      >
        {onlineCount}
      </Badge>
    </Group>
  );
}
