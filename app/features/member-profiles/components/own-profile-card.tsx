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
  TextInput,
  Title,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  BIO_MAX,
  isProfileLink,
  LINKS_MAX,
  postOwnProfile,
  useProfileRequest,
} from "~/features/members/members";
import { MEMBERS_PATH, PUBLIC_PROFILES_PATH, type OwnProfileSettings } from "../profile-shapes";

/**
 * `/dashboard/profile`: the member's words about themselves, their web addresses and whether
 * visitors may see their profile (decisions 071, 074); the switch waits for the site's permission.
 */
export function OwnProfileCard({ settings }: { settings: OwnProfileSettings }) {
  const { t } = useTranslation();
  const [bio, setBio] = useState(settings.bio);
  const [links, setLinks] = useState(() =>
    Array.from({ length: LINKS_MAX }, (_, index) => settings.links[index] ?? ""),
  );
  const [profilePublic, setProfilePublic] = useState(settings.profilePublic);
  const { busy, message, send } = useProfileRequest();
  const publicPath = `${PUBLIC_PROFILES_PATH}/${encodeURIComponent(settings.slug)}`;

  function save(event: FormEvent) {
    event.preventDefault();
    if (wrongLinks) return;
    void send(() => postOwnProfile({ bio, links: filled, profilePublic }), {
      saved: "memberProfiles.own.saved",
      failed: "memberProfiles.own.failed",
    });
  }

  const filled = links.map((link) => link.trim()).filter(Boolean);
  const wrongLinks = filled.some((link) => !isProfileLink(link));
  const changed =
    bio !== settings.bio ||
    profilePublic !== settings.profilePublic ||
    filled.join("\n") !== settings.links.join("\n");
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
          <Stack gap={6} role="group" aria-labelledby="own-profile-links">
            <Text size="sm" fw={500} id="own-profile-links">
              {t("memberProfiles.own.links")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("memberProfiles.own.linksHelp", { max: LINKS_MAX })}
            </Text>
            {links.map((link, index) => (
              <TextInput
                key={index}
                type="url"
                dir="ltr"
                placeholder="https://"
                aria-label={t("memberProfiles.own.link", { n: index + 1 })}
                value={link}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setLinks((all) => all.map((one, at) => (at === index ? value : one)));
                }}
                error={
                  link.trim() && !isProfileLink(link.trim())
                    ? t("memberProfiles.own.linkInvalid")
                    : undefined
                }
                data-testid="own-profile-link"
              />
            ))}
          </Stack>
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
            <Button type="submit" loading={busy} disabled={!changed || wrongLinks}>
              {t("memberProfiles.own.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
