import { Button, Center, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { slugPattern } from "~/platform/patterns";
import { responsive } from "~/ui/responsive-style";

/**
 * `/login` on the base domain. Sessions belong to each site's own origin: the person names their
 * site and continues to its sign-in. The platform's staff sign in here to the console instead
 * (`/login?staff=1`, decision 037).
 */
export function FindSite({ hostSuffix }: { hostSuffix: string }) {
  const { t } = useTranslation();
  const [slug, setSlug] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!slugPattern.test(slug)) return setError("platform.signup.slugStatus.invalid");
    setBusy(true);
    const response = await fetch(`/api/platform/slug-check?slug=${encodeURIComponent(slug)}`).catch(
      () => null,
    );
    const answer = (await response?.json().catch(() => null)) as { reason?: string | null } | null;
    // A taken address is a site that exists: go there.
    if (answer?.reason === "taken") {
      window.location.assign(`${window.location.protocol}//${slug}${hostSuffix}/login`);
      return;
    }
    setBusy(false);
    setError(answer ? "platform.login.noSuchSite" : "auth.errors.generic");
  }

  return (
    <Center {...responsive({ py: { base: 40, sm: 96 } })} px="md">
      <Paper
        {...responsive({ p: { base: "lg", sm: 36 } })}
        withBorder
        shadow="sm"
        radius="lg"
        w="100%"
        maw={460}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <div>
              <Title order={1} fz={26}>
                {t("platform.login.title")}
              </Title>
              <Text c="dimmed" size="sm" mt={6}>
                {t("platform.login.text")}
              </Text>
            </div>
            <TextInput
              label={t("platform.login.field")}
              value={slug}
              autoCapitalize="none"
              spellCheck={false}
              required
              error={error ? t(error) : undefined}
              onChange={(e) => setSlug(e.currentTarget.value.toLowerCase().trim())}
              rightSection={
                <Text size="sm" c="dimmed" pe="sm">
                  {hostSuffix}
                </Text>
              }
              rightSectionWidth={hostSuffix.length * 8 + 16}
            />
            <Button type="submit" loading={busy} fullWidth>
              {t("platform.login.submit")}
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              {t("platform.login.noSite")}{" "}
              <Text component={Link} to="/signup" c="violet" fw={600} size="sm">
                {t("platform.login.start")}
              </Text>
            </Text>
            <Text size="sm" ta="center" c="dimmed">
              <Text component={Link} to="/login?staff=1" c="dimmed" td="underline" size="sm">
                {t("platform.login.staff")}
              </Text>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
