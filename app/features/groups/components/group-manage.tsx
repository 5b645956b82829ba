import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconSettings, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { GROUPS_PATH, type GroupTies, type GroupView } from "../group-shapes";
import { GroupForm } from "./group-form";

/**
 * A manager's hand on a group: its settings (the form that made it) and deleting it. The delete
 * is sent to the list's own action as a navigation, so the page of a group that is gone is
 * never asked for again; a refusal shows on the list.
 */
export function GroupManage({
  group,
  ties,
  limit,
}: {
  group: GroupView;
  ties: GroupTies;
  limit: number;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const submit = useSubmit();
  const navigation = useNavigation();
  const remove = () =>
    void submit(
      { intent: "delete", groupId: group.id },
      { method: "post", encType: "application/json", action: GROUPS_PATH, replace: true },
    );
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="default"
        leftSection={<IconSettings size={16} aria-hidden />}
        onClick={() => setEditing((count) => count + 1)}
        data-testid="group-settings"
      >
        {t("groups.manage.settings")}
      </Button>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setDeleting(true)}
        data-testid="group-delete"
      >
        {t("groups.manage.delete")}
      </Button>
      {editing > 0 ? (
        <GroupForm
          key={editing}
          opened
          onClose={() => setEditing(0)}
          groupId={group.id}
          initial={{
            name: group.name,
            slug: group.slug,
            description: group.description,
            rules: group.rules,
            cover: group.cover,
            privacy: group.privacy,
            accessKind: group.accessKind,
            accessId: group.accessId,
          }}
          ties={ties}
          limit={limit}
        />
      ) : null}
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        size="sm"
        title={t("groups.manage.confirmTitle")}
        closeButtonProps={{ "aria-label": t("groups.screen.close") }}
      >
        <Stack gap="md">
          <Text size="sm">{t("groups.manage.confirmText", { name: group.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              {t("groups.screen.cancel")}
            </Button>
            <Button
              color="red"
              loading={navigation.state !== "idle"}
              onClick={remove}
              data-testid="group-delete-confirm"
            >
              {t("groups.manage.deleteConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
