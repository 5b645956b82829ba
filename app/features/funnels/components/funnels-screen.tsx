import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  useDirection,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowLeft, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { errorKeyOf } from "~/platform/errors";
import { dateFormat, numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  FUNNELS_SCREEN_PATH,
  type FunnelReport,
  type FunnelRow,
  type FunnelStatus,
  type StepRow,
} from "../funnel-shapes";
import { FunnelReportView } from "./funnel-report-view";
import { FunnelSettings } from "./funnel-settings";
import { FunnelSteps, type Choices } from "./funnel-steps";
import { statusColour, useFunnelCommand, useFunnelWords } from "./funnel-words";

export type OpenedFunnel = {
  id: string;
  funnel: { name: string; slug: string; status: FunnelStatus };
  steps: StepRow[];
  report: FunnelReport;
};

/**
 * Issue 34 `/dashboard/manage/marketing/funnels`: the site's funnels, and one opened
 * (`?funnel={id}`) with its steps, their pages and parts, and its report.
 */
export function FunnelsScreen({
  funnels,
  opened,
  choices,
  limit,
}: {
  funnels: FunnelRow[];
  opened: OpenedFunnel | null;
  choices: Choices;
  /** The plan's cap on funnels; 0 = none. */
  limit: number;
}) {
  if (!opened) return <FunnelList funnels={funnels} limit={limit} />;
  return <FunnelPage key={opened.id} opened={opened} choices={choices} />;
}

/** The plan's notice, as the billing screen words it: what the cap is, and where to raise it. */
function LimitNotice({ limit }: { limit: number }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" data-testid="funnel-limit">
      <Stack gap={6}>
        <Text size="sm">{t("funnels.screen.limitReached", { limit })}</Text>
        <Anchor component={Link} to="/dashboard/billing" size="sm" fw={600}>
          {t("funnels.screen.upgrade")}
        </Anchor>
      </Stack>
    </Alert>
  );
}

function FunnelList({ funnels, limit }: { funnels: FunnelRow[]; limit: number }) {
  const { t, i18n } = useTranslation();
  const words = useFunnelWords();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState("");
  const [deleting, setDeleting] = useState<FunnelRow | null>(null);
  const creator = useFunnelCommand();
  const remover = useFunnelCommand();
  const number = numberFormat(i18n.language);
  const day = dateFormat(i18n.language, { dateStyle: "medium" });
  const full = limit > 0 && funnels.length >= limit;
  const refused = creator.answer && !creator.answer.ok ? creator.answer.code : undefined;
  useEffect(() => {
    if (creator.answer?.ok) void navigate(`?funnel=${creator.answer.id}`);
  }, [creator.answer, navigate]);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t("dashboard.sections.manageFunnels.title")}
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setCreating(true)}
          disabled={full}
        >
          {t("funnels.screen.new")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("funnels.screen.help")}
      </Text>
      {full || refused === "funnels.limitReached" ? <LimitNotice limit={limit} /> : null}
      {funnels.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t("funnels.screen.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="funnels">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("funnels.screen.name")}</Table.Th>
                <Table.Th>{t("funnels.screen.status")}</Table.Th>
                <Table.Th ta="end">{t("funnels.screen.steps")}</Table.Th>
                <Table.Th ta="end">{t("funnels.screen.visitors")}</Table.Th>
                <Table.Th>{t("funnels.screen.updated")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("funnels.screen.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {funnels.map((funnel) => (
                <Table.Tr key={funnel.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`?funnel=${funnel.id}`} fw={500}>
                      {funnel.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      /f/{funnel.slug}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColour[funnel.status]}>
                      {words.statuses[funnel.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="end">{number.format(funnel.steps)}</Table.Td>
                  <Table.Td ta="end">{number.format(funnel.visitors)}</Table.Td>
                  <Table.Td>{day.format(new Date(funnel.updatedAt))}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("funnels.screen.delete", { name: funnel.name })}
                      onClick={() => setDeleting(funnel)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t("funnels.screen.new")}
        closeButtonProps={{ "aria-label": t("funnels.screen.close") }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void creator.send({ intent: "createFunnel", name });
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t("funnels.screen.name")}
              description={t("funnels.screen.nameHelp")}
              value={name}
              required
              maxLength={120}
              onChange={(event) => setName(event.currentTarget.value)}
              data-autofocus
            />
            {refused ? (
              <Text size="sm" c="red" role="alert">
                {t(errorKeyOf(refused))}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={creator.busy} disabled={!name.trim()}>
                {t("funnels.screen.create")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {deleting ? (
        <Modal
          opened
          onClose={() => setDeleting(null)}
          size="sm"
          title={t("funnels.screen.confirmTitle")}
          closeButtonProps={{ "aria-label": t("funnels.screen.close") }}
        >
          <Stack gap="md">
            <Text size="sm">{t("funnels.screen.confirmText", { name: deleting.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t("funnels.screen.cancel")}
              </Button>
              <Button
                color="red"
                loading={remover.busy}
                onClick={() => {
                  void remover.send({ intent: "deleteFunnel", id: deleting.id });
                  setDeleting(null);
                }}
              >
                {t("funnels.screen.deleteConfirm")}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}

/** One funnel: back to the list, its name and state, its steps, and its report. */
function FunnelPage({ opened, choices }: { opened: OpenedFunnel; choices: Choices }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const words = useFunnelWords();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={FUNNELS_SCREEN_PATH} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft
            size={16}
            aria-hidden
            style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined}
          />
          <span>{t("funnels.screen.back")}</span>
        </Group>
      </Anchor>
      <Group gap="sm">
        <Title order={1} size="h2">
          {opened.funnel.name}
        </Title>
        <Badge variant="light" color={statusColour[opened.funnel.status]}>
          {words.statuses[opened.funnel.status]}
        </Badge>
      </Group>
      <Tabs defaultValue="steps" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="steps">{t("funnels.screen.stepsTab")}</Tabs.Tab>
          <Tabs.Tab value="report">{t("funnels.screen.reportTab")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="steps" pt="md">
          <Stack gap="lg">
            <FunnelSettings id={opened.id} funnel={opened.funnel} />
            <FunnelSteps
              funnelId={opened.id}
              funnelSlug={opened.funnel.slug}
              steps={opened.steps}
              choices={choices}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="report" pt="md">
          <FunnelReportView report={opened.report} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
