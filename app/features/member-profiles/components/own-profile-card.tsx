import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { BIO_MAX, postOwnProfile, useProfileRequest } from "~/features/members/members";
import { MEMBERS_PATH, PUBLIC_PROFILES_PATH, type OwnProfileSettings } from "../profile-shapes";

/**
 * `/dashboard/profile`: the member's words about themselves and whether visitors may see their
 * profile (decision 071); the switch waits for the site's permission.
 */
export function OwnProfileCard({ settings }: { settings: OwnProfileSettings }) {
  const { t } = useTranslation();
  const [bio, setBio] = useState(settings.bio);
  const [profilePublic, setProfilePublic] = useState(settings.profilePublic);
  const { busy, message, send } = useProfileRequest();
  const publicPath = `${PUBLIC_PROFILES_PATH}/${encodeURIComponent(settings.slug)}`;

  function save(event: FormEvent) {
    event.preventDefault();
    void send(() => postOwnProfile({ bio, profilePublic }), {
      saved: "memberProfiles.own.saved",
      failed: "memberProfiles.own.failed",
    });
  }

  const changed = bio !== settings.bio || profilePublic !== settings.profilePublic;
  return (
    <Card withBorder padding="lg" data-testid="own-profile">
      <form method="post" onSubmit={save} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t("memberProfiles.own.title")}
            </Title>
            <Anchor component={Link} to={`${MEMBERS_PATH}/${settings.slug}`} size="sm">
              {t("memberProfiles.own.view")}
            </Anchor>
          </Group>
          <Textarea
            label={t("memberProfiles.own.bio")}
            description={t("memberProfiles.own.bioHelp")}
            value={bio}
            onChange={(event) => setBio(event.currentTarget.value)}
            maxLength={BIO_MAX}
            autosize
            minRows={3}
            maxRows={8}
          />
          <Text size="xs" c="dimmed" ta="end" aria-live="polite">
            {bio.length} / {BIO_MAX}
          </Text>
          <Switch
            checked={profilePublic}
            disabled={!settings.sitePublic}
            onChange={(event) => setProfilePublic(event.currentTarget.checked)}
            label={t("memberProfiles.own.show")}
            description={
              settings.sitePublic
                ? t("memberProfiles.own.showHelp", { path: publicPath })
                : t("memberProfiles.own.sitePrivate")
            }
            data-testid="own-profile-public"
          />
          {settings.sitePublic && settings.profilePublic ? (
            <Anchor href={publicPath} size="sm" data-testid="own-profile-public-link">
              {t("memberProfiles.publicPage")}
            </Anchor>
          ) : null}
          {message ? (
            <Alert color={message.color} role="status">
              {t(message.key)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!changed}>
              {t("memberProfiles.own.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
