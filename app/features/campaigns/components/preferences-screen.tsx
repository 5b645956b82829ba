import { Alert, Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";

/** The recipient a signed link names, and where they stand. */
export type PreferencesRecipient = {
  campaignId: string;
  contactId: string;
  signature: string;
  /** The address the site's e-mails go to. */
  email: string;
  subscribed: boolean;
};

/** The machine endpoint a button posts to (app/features/campaigns/api.server.ts). */
const endpoint = (action: "unsubscribe" | "resubscribe", recipient: PreferencesRecipient) =>
  `/api/email/${action}/${[recipient.campaignId, recipient.contactId, recipient.signature]
    .map(encodeURIComponent)
    .join("/")}`;

/**
 * M5 a campaign reader's page: `/email/unsubscribe/…` (the footer's link, which asks first) and
 * `/email/preferences/…`. The link alone changes nothing, since mail scanners open every link of
 * a message: a person presses a button, a plain form post (no JavaScript).
 */
export function PreferencesScreen({
  siteName,
  recipient,
  asking,
  done,
}: {
  siteName: string;
  /** Null when the link is broken, altered or not this site's. */
  recipient: PreferencesRecipient | null;
  /** The footer's unsubscribe link: lead with the question while still subscribed. */
  asking: boolean;
  /** What a button just did (`?done=`), shown only when it matches where they stand. */
  done: "unsubscribed" | "subscribed" | null;
}) {
  const { t } = useTranslation();
  const question = Boolean(recipient?.subscribed && asking && !done);
  const notice =
    recipient && done === "unsubscribed" && !recipient.subscribed
      ? t("campaigns.preferences.doneUnsubscribed")
      : recipient && done === "subscribed" && recipient.subscribed
        ? t("campaigns.preferences.doneSubscribed")
        : null;
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Paper withBorder radius="lg" p={{ base: "lg", sm: 48 }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {question
              ? t("campaigns.preferences.unsubscribeTitle", { siteName })
              : t("campaigns.preferences.title")}
          </Title>
          {!recipient ? (
            <Text role="alert">{t("campaigns.preferences.invalid")}</Text>
          ) : (
            <>
              {notice && (
                <Alert role="status" color={recipient.subscribed ? "green" : "gray"} radius="md">
                  {notice}
                </Alert>
              )}
              <Text c="dimmed">
                {t("campaigns.preferences.address", { email: recipient.email })}
              </Text>
              {recipient.subscribed ? (
                <form method="post" action={endpoint("unsubscribe", recipient)}>
                  <Stack gap="md" align="flex-start">
                    <Text size="lg">
                      {question
                        ? t("campaigns.preferences.unsubscribeText", { siteName })
                        : t("campaigns.preferences.subscribedText", { siteName })}
                    </Text>
                    <Button type="submit" size="md" color={question ? "red" : undefined}>
                      {t("campaigns.preferences.unsubscribeButton")}
                    </Button>
                  </Stack>
                </form>
              ) : (
                <form method="post" action={endpoint("resubscribe", recipient)}>
                  <Stack gap="md" align="flex-start">
                    <Text size="lg">
                      {t("campaigns.preferences.unsubscribedText", { siteName })}
                    </Text>
                    <Button type="submit" size="md" variant="default">
                      {t("campaigns.preferences.resubscribeButton")}
                    </Button>
                  </Stack>
                </form>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
