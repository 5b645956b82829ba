import { Alert, Button, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconDownload, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AffiliatesOwnerView } from "../affiliate-shapes";
import { AffiliateList } from "./affiliate-list";
import { CommissionsTable, PayoutsTable } from "./affiliate-tables";
import { PAYOUTS_CSV_PATH } from "./affiliate-words";
import { ProgrammeForm } from "./programme-form";

const tabs = ["affiliates", "commissions", "payouts", "settings"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab);

/**
 * M5 `/dashboard/manage/marketing/affiliates`: the site's affiliates with their figures (approve,
 * refuse, suspend, mark a payout paid), the commissions ledger, the payouts made (and their CSV),
 * and the programme's terms. `?tab=` opens one tab.
 */
export function AffiliatesScreen({ view }: { view: AffiliatesOwnerView }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const asked = search.get("tab");
  const [tab, setTab] = useState<Tab>(isTab(asked) ? asked : "affiliates");
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t("dashboard.sections.manageAffiliates.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("dashboard.sections.manageAffiliates.description")}
        </Text>
      </Stack>
      {view.programme.enabled ? null : (
        <Alert
          variant="light"
          color="yellow"
          title={t("affiliates.screen.programmeOffTitle")}
          icon={<IconInfoCircle size={18} aria-hidden />}
        >
          {t("affiliates.screen.programmeOff")}
        </Alert>
      )}
      <Tabs value={tab} onChange={(value) => setTab(isTab(value) ? value : "affiliates")}>
        <Tabs.List>
          <Tabs.Tab value="affiliates">{t("affiliates.tabs.affiliates")}</Tabs.Tab>
          <Tabs.Tab value="commissions">{t("affiliates.tabs.commissions")}</Tabs.Tab>
          <Tabs.Tab value="payouts">{t("affiliates.tabs.payouts")}</Tabs.Tab>
          <Tabs.Tab value="settings">{t("affiliates.tabs.settings")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="affiliates" pt="md">
          <AffiliateList
            affiliates={view.affiliates}
            minPayout={view.programme.minPayout}
            enabled={view.programme.enabled}
          />
        </Tabs.Panel>
        <Tabs.Panel value="commissions" pt="md">
          <CommissionsTable commissions={view.commissions} showAffiliate />
        </Tabs.Panel>
        <Tabs.Panel value="payouts" pt="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t("affiliates.payouts.help")}
              </Text>
              <Button
                component="a"
                href={PAYOUTS_CSV_PATH}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {t("affiliates.payouts.download")}
              </Button>
            </Group>
            <PayoutsTable payouts={view.payouts} showAffiliate />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <ProgrammeForm programme={view.programme} products={view.products} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
