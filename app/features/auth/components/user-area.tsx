import { Button, Group, Menu, Stack, UnstyledButton } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { MemberAvatar } from "~/features/members/members";

export type ViewerBadge = { id: string; name: string; avatar: string | null };

async function signOut() {
  // Loaded on the click: every public page shows this area, few pages sign out (~13 KB).
  const { authClient } = await import("../client");
  await authClient().signOut();
  // Spec §4: signing out goes to the home page.
  window.location.assign("/");
}

/**
 * Log in / sign up buttons for visitors; a user menu for signed-in people (P12). In the phone's
 * menu drawer (`placement="drawer"`), both buttons full width for visitors and nothing for
 * signed-in people (their menu stays in the header).
 */
export function UserArea({
  viewer,
  placement = "header",
}: {
  viewer: ViewerBadge | null;
  placement?: "header" | "drawer";
}) {
  const { t } = useTranslation();
  if (placement === "drawer") {
    if (viewer) return null;
    return (
      <Stack gap="xs" data-testid="drawer-user-area">
        <Button component={Link} to="/signup" fullWidth>
          {t("auth.userMenu.signUp")}
        </Button>
        <Button component={Link} to="/login" variant="default" fullWidth>
          {t("auth.userMenu.signIn")}
        </Button>
      </Stack>
    );
  }
  if (!viewer) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to="/login" variant="default" size="sm">
          {t("auth.userMenu.signIn")}
        </Button>
        <Button component={Link} to="/signup" size="sm" visibleFrom="xs">
          {t("auth.userMenu.signUp")}
        </Button>
      </Group>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t("auth.userMenu.open")} data-testid="user-menu">
          <MemberAvatar
            variant="avatar"
            userId={viewer.id}
            name={viewer.name}
            src={viewer.avatar}
            size={36}
          />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <MemberAvatar variant="name" name={viewer.name} src={null} />
        </Menu.Label>
        <Menu.Item component={Link} to="/dashboard">
          {t("auth.userMenu.dashboard")}
        </Menu.Item>
        <Menu.Item component={Link} to="/dashboard/notifications">
          {t("auth.userMenu.notifications")}
        </Menu.Item>
        <Menu.Item component={Link} to="/dashboard/profile">
          {t("auth.userMenu.profile")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          {t("auth.userMenu.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
