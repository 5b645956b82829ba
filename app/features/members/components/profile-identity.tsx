import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { MemberAvatar } from "./member-avatar";
import { postOwnProfile, useProfileRequest } from "./profile-request";

/** Who the person is on this site: photo, display name and role, with ways to change the first two. */
export function ProfileIdentity({
  name,
  email,
  avatar,
  role,
}: {
  name: string;
  email: string;
  avatar: string | null;
  role: string | null;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(name);
  const { busy, message, send } = useProfileRequest();

  function upload(file: File | null) {
    if (!file) return;
    const form = new FormData();
    form.append("file", file);
    void send(
      () => fetch("/api/account/avatar", { method: "POST", body: form }).catch(() => null),
      { saved: "profile.account.photoSaved", failed: "errors.invalidImageText" },
    );
  }

  function rename(event: FormEvent) {
    event.preventDefault();
    void send(() => postOwnProfile({ name: draft }), {
      saved: "profile.account.saved",
      failed: "auth.errors.required",
    });
  }

  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group wrap="nowrap" align="center">
          {/* Spec §8: a picture that fails to load falls back to the initials avatar. */}
          <MemberAvatar name={name} src={avatar} variant="avatar" size={72} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} data-testid="profile-name">
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {email}
            </Text>
            <FileButton
              onChange={upload}
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            >
              {(props) => (
                <Button {...props} variant="subtle" size="compact-sm" px={0} loading={busy}>
                  {t("profile.account.changePhoto")}
                </Button>
              )}
            </FileButton>
          </div>
          {role ? (
            <Badge ml="auto" variant="light">
              {t(`roles.${role}`, { defaultValue: role })}
            </Badge>
          ) : null}
        </Group>
        {message ? (
          <Alert color={message.color} role="status">
            {t(message.key)}
          </Alert>
        ) : null}
        <form method="post" onSubmit={rename} noValidate>
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label={t("profile.account.name")}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              variant="default"
              loading={busy}
              disabled={!draft.trim() || draft === name}
            >
              {t("profile.account.save")}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
