import {
  Anchor,
  Card,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { MemberAvatar } from "~/features/members/members";
import { dateFormat, numberFormat } from "~/platform/i18n/formats";
import type { ManagerHome, MemberHome } from "../home.server";
import classes from "./dashboard-home.module.css";

function Stat({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId?: string;
  children?: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={32} fw={800} lh={1.2} mt={4} data-testid={testId}>
        {value}
      </Text>
      {children}
    </Paper>
  );
}

/** Thirty days of page views as bars; the numbers are in the bars' labels for screen readers. */
function ViewsChart({ byDay }: { byDay: ManagerHome["pageViews"]["byDay"] }) {
  const { t, i18n } = useTranslation();
  const peak = Math.max(1, ...byDay.map((entry) => entry.count));
  const format = dateFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" });
  return (
    <div
      className={classes.chart}
      role="img"
      aria-label={t("dashboard.home.viewsChart")}
      data-testid="page-views-chart"
    >
      {byDay.map((entry) => (
        <span
          key={entry.day}
          className={classes.bar}
          style={{ height: `${Math.max(4, (entry.count / peak) * 100)}%` }}
          title={`${format.format(new Date(entry.day))}: ${entry.count}`}
        />
      ))}
    </div>
  );
}

function ManagerOverview({ home }: { home: ManagerHome }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const date = dateFormat(i18n.language, { dateStyle: "medium" });
  const limit = home.plan?.membersLimit ?? 0;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label={t("dashboard.home.members")} value={number.format(home.members.total)} />
        <Stat
          label={t("dashboard.home.pageViews")}
          value={number.format(home.pageViews.total)}
          testId="page-views-total"
        >
          <ViewsChart byDay={home.pageViews.byDay} />
        </Stat>
        <Stat
          label={t("dashboard.home.plan", { plan: home.plan?.label ?? t("dashboard.home.noPlan") })}
          value={limit > 0 ? `${number.format(home.members.total)} / ${number.format(limit)}` : "—"}
        >
          {limit > 0 ? (
            <Progress
              mt="sm"
              value={Math.min(100, (home.members.total / limit) * 100)}
              aria-label={t("dashboard.home.planUsage")}
            />
          ) : (
            <Text size="sm" c="dimmed" mt="xs">
              {t("dashboard.home.noLimit")}
            </Text>
          )}
        </Stat>
      </SimpleGrid>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          {t("dashboard.home.newest")}
        </Title>
        {home.members.newest.length === 0 ? (
          <Text c="dimmed">{t("dashboard.home.noMembers")}</Text>
        ) : (
          <Stack gap="sm" data-testid="newest-members">
            {home.members.newest.map((person) => (
              <Group key={person.id} justify="space-between" wrap="nowrap">
                <MemberAvatar
                  variant="member"
                  filled
                  type="membership"
                  userId={person.id}
                  name={person.name}
                  src={person.avatar}
                  size={32}
                  detail={t(`roles.${person.role}`, { defaultValue: person.role })}
                />
                <Text size="sm" c="dimmed" data-testid="member-joined">
                  {date.format(new Date(person.joinedAt))}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

function MemberOverview({ home }: { home: MemberHome }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t("dashboard.home.courses")}
      </Title>
      {home.courses.length === 0 ? (
        <Text c="dimmed">{t("dashboard.home.noCourses")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {home.courses.map((course) => (
            <Card key={course.slug} withBorder radius="md" padding="lg">
              <Anchor component={Link} to={`/course/${course.slug}`} fw={700}>
                {course.title}
              </Anchor>
              <Text size="sm" c="dimmed" mt="xs" lineClamp={2}>
                {course.description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Dashboard home: the site at a glance for managers, the member's own start page for others. */
export function DashboardHome({ name, home }: { name: string; home: ManagerHome | MemberHome }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t("dashboard.home.greeting", { name })}</Title>
        <Text c="dimmed">
          {t(
            home.kind === "manager" ? "dashboard.home.managerIntro" : "dashboard.home.memberIntro",
          )}
        </Text>
      </div>
      {home.kind === "manager" ? <ManagerOverview home={home} /> : <MemberOverview home={home} />}
    </Stack>
  );
}
