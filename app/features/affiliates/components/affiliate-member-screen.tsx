import {
  Alert,
  Button,
  CopyButton,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCheck, IconCopy, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AffiliateMemberView, Money } from "../affiliate-shapes";
import { CommissionsTable, PayoutsTable, Section } from "./affiliate-tables";
import {
  useAffiliateFormats,
  useCommissionLine,
  useRefusal,
  type CommandAnswer,
} from "./affiliate-words";

type Programme = AffiliateMemberView["programme"];
type Joined = NonNullable<AffiliateMemberView["affiliate"]>;

/**
 * M5 `/dashboard/affiliate`: a member's side of the site's affiliate programme. Its terms and
 * joining it; once approved, their referral link, figures, commissions, payouts and where
 * payouts go. A closed programme, a refusal or a suspension is said plainly.
 */
export function AffiliateMemberScreen({ view }: { view: AffiliateMemberView }) {
  const { t } = useTranslation();
  const { programme, affiliate } = view;
  const earning = affiliate?.status === "approved" || affiliate?.status === "suspended";
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t("dashboard.sections.affiliate.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("dashboard.sections.affiliate.description")}
        </Text>
      </Stack>
      {programme.enabled ? null : (
        <Notice colour="gray" title={t("affiliates.member.closedTitle")}>
          {t("affiliates.member.closed")}
        </Notice>
      )}
      {affiliate?.status === "pending" ? (
        <Notice colour="yellow" title={t("affiliates.member.pendingTitle")}>
          {t("affiliates.member.pending")}
        </Notice>
      ) : null}
      {affiliate?.status === "rejected" ? (
        <Notice colour="red" title={t("affiliates.member.rejectedTitle")}>
          {t("affiliates.member.rejected")}
        </Notice>
      ) : null}
      {affiliate?.status === "suspended" ? (
        <Notice colour="orange" title={t("affiliates.member.suspendedTitle")}>
          {t("affiliates.member.suspended")}
        </Notice>
      ) : null}
      {!affiliate && programme.enabled ? <JoinForm programme={programme} /> : null}
      {affiliate?.status === "pending" ? <Terms programme={programme} /> : null}
      {affiliate?.status === "approved" && programme.enabled ? (
        <ReferralLink link={affiliate.link} days={programme.cookieDays} />
      ) : null}
      {affiliate && earning ? (
        <Earnings affiliate={affiliate} currency={programme.currency} />
      ) : null}
    </Stack>
  );
}

function Notice({ colour, title, children }: { colour: string; title: string; children: string }) {
  return (
    <Alert
      variant="light"
      color={colour}
      title={title}
      icon={<IconInfoCircle size={18} aria-hidden />}
    >
      {children}
    </Alert>
  );
}

/** The programme's terms as a member reads them before joining. */
function Terms({ programme }: { programme: Programme }) {
  const { t } = useTranslation();
  const format = useAffiliateFormats();
  const commission = useCommissionLine();
  return (
    <Section title={t("affiliates.member.termsTitle")}>
      <List spacing={4} size="sm">
        <List.Item>{commission(programme)}</List.Item>
        <List.Item>{t("affiliates.terms.cookie", { days: programme.cookieDays })}</List.Item>
        {programme.recurring ? <List.Item>{t("affiliates.terms.recurring")}</List.Item> : null}
        <List.Item>
          {programme.minPayout > 0
            ? t("affiliates.terms.minPayout", {
                amount: format.money(programme.minPayout, programme.currency),
              })
            : t("affiliates.terms.noMinimum")}
        </List.Item>
      </List>
      {programme.terms ? (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="programme-terms">
          {programme.terms}
        </Text>
      ) : null}
    </Section>
  );
}

/** Not joined yet: the terms, where payouts should go (optional), and the button to join. */
function JoinForm({ programme }: { programme: Programme }) {
  const { t } = useTranslation();
  const refusal = useRefusal();
  const joiner = useFetcher<CommandAnswer>();
  const [details, setDetails] = useState("");
  const refused = refusal(joiner.state === "idle" ? joiner.data : undefined);
  return (
    <Stack gap="md">
      <Terms programme={programme} />
      <Section title={t("affiliates.member.joinTitle")}>
        <Text size="sm">{t("affiliates.member.joinText")}</Text>
        <PayoutDetailsField value={details} onChange={setDetails} refused={refused} />
        <Button
          w="fit-content"
          loading={joiner.state !== "idle"}
          onClick={() =>
            void joiner.submit(
              { intent: "join", payoutDetails: details },
              { method: "post", encType: "application/json" },
            )
          }
        >
          {t("affiliates.member.join")}
        </Button>
      </Section>
    </Stack>
  );
}

/** The member's link to share, with a copy button. */
function ReferralLink({ link, days }: { link: string; days: number }) {
  const { t } = useTranslation();
  return (
    <Section title={t("affiliates.member.linkTitle")}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={t("affiliates.member.link")}
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: "1 1 240px", minWidth: 0 }}
        />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? "light" : "filled"}
              color={copied ? "teal" : undefined}
              leftSection={
                copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
              }
              onClick={copy}
            >
              {copied ? t("affiliates.member.copied") : t("affiliates.member.copy")}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t("affiliates.member.linkHelp", { days })}
      </Text>
    </Section>
  );
}

/** The member's figures, their commissions and payouts, and where payouts go. */
function Earnings({ affiliate, currency }: { affiliate: Joined; currency: string }) {
  const { t } = useTranslation();
  const format = useAffiliateFormats();
  const { stats } = affiliate;
  // Nothing yet reads as nothing in the site's currency; each currency on a line of its own.
  const monies = (list: Money[]) =>
    list.length === 0
      ? [format.money(0, currency)]
      : list.map((one) => format.money(one.amount, one.currency));
  const cards: [string, string[]][] = [
    [t("affiliates.stats.clicks"), [format.number(stats.clicks)]],
    [t("affiliates.stats.signUps"), [format.number(stats.signUps)]],
    [t("affiliates.stats.sales"), [format.number(stats.sales)]],
    [t("affiliates.stats.earned"), monies(stats.earned)],
    [t("affiliates.stats.due"), monies(stats.due)],
    [t("affiliates.stats.paid"), monies(stats.paid)],
  ];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="affiliate-stats">
        {cards.map(([label, lines]) => (
          <Paper key={label} withBorder radius="md" p="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            {lines.map((line) => (
              <Text
                key={line}
                size={lines.length > 1 ? "lg" : "xl"}
                fw={700}
                mt={4}
                style={{ overflowWrap: "anywhere" }}
              >
                {line}
              </Text>
            ))}
          </Paper>
        ))}
      </SimpleGrid>
      <Section title={t("affiliates.tabs.commissions")}>
        <CommissionsTable commissions={affiliate.commissions} showAffiliate={false} />
      </Section>
      <Section title={t("affiliates.tabs.payouts")}>
        <PayoutsTable payouts={affiliate.payouts} showAffiliate={false} />
      </Section>
      <PayoutDetails saved={affiliate.payoutDetails} />
    </Stack>
  );
}

/** Where the site should send the member's earnings. */
function PayoutDetails({ saved }: { saved: string }) {
  const { t } = useTranslation();
  const refusal = useRefusal();
  const saver = useFetcher<CommandAnswer>();
  const [details, setDetails] = useState(saved);
  const [sent, setSent] = useState<string | null>(null);
  const answer = saver.state === "idle" ? saver.data : undefined;
  const refused = refusal(answer);
  return (
    <Section title={t("affiliates.member.payoutTitle")}>
      <PayoutDetailsField value={details} onChange={setDetails} refused={refused} />
      <Group gap="sm">
        <Button
          loading={saver.state !== "idle"}
          onClick={() => {
            setSent(details);
            void saver.submit(
              { intent: "payoutDetails", payoutDetails: details },
              { method: "post", encType: "application/json" },
            );
          }}
        >
          {t("affiliates.member.savePayout")}
        </Button>
        <Text size="sm" c="teal" role="status">
          {answer?.ok && sent === details ? t("affiliates.member.saved") : ""}
        </Text>
      </Group>
    </Section>
  );
}

/** Where payouts go, as the member types it, with the server's refusal of it beneath. */
function PayoutDetailsField({
  value,
  onChange,
  refused,
}: {
  value: string;
  onChange: (value: string) => void;
  refused: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Textarea
        label={t("affiliates.member.payoutDetails")}
        description={t("affiliates.member.payoutDetailsHelp")}
        value={value}
        autosize
        minRows={2}
        maxLength={300}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {refused ? (
        <Alert color="red" role="alert">
          {refused}
        </Alert>
      ) : null}
    </>
  );
}
