import {
  Anchor,
  Avatar,
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconTrophy } from "@tabler/icons-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  leaderboardPeriods,
  type Leaderboard,
  type LeaderboardPeriod,
  type LeaderboardRow,
  type Level,
} from "../levels";
import { LevelsEditor } from "./levels-editor";

/** A level's name as the owner gave it, or "Level N" in the reader's words. */
export function useLevelName(levels: readonly Level[]) {
  const { t } = useTranslation();
  return (level: number) => levels[level - 1]?.name || t("leaderboard.levelNumber", { n: level });
}

const medal = ["yellow", "gray", "orange"];

function BoardRow({
  row,
  mine,
  levelName,
  profiles,
}: {
  row: LeaderboardRow;
  mine: boolean;
  levelName: (n: number) => string;
  profiles: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr
      data-testid="leaderboard-row"
      data-mine={mine}
      bg={mine ? "var(--mantine-primary-color-light)" : undefined}
    >
      <Table.Td w={64}>
        {row.rank <= 3 ? (
          <Badge color={medal[row.rank - 1]} variant="filled" circle size="lg">
            {row.rank}
          </Badge>
        ) : (
          <Text fw={600} ta="center" w={28}>
            {row.rank}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={row.avatar} name={row.name} radius="xl" size="sm" />
          <Text size="sm" fw={mine ? 700 : 500} truncate>
            {profiles ? (
              <Anchor
                component={Link}
                to={`/dashboard/members/${encodeURIComponent(row.userId)}`}
                inherit
                c="inherit"
                data-testid="leaderboard-profile"
              >
                {row.name}
              </Anchor>
            ) : (
              row.name
            )}
            {mine ? ` · ${t("leaderboard.you")}` : ""}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" data-testid="leaderboard-level">
          {levelName(row.level)}
        </Badge>
      </Table.Td>
      <Table.Td ta="end" fw={600} data-testid="leaderboard-points">
        {row.points}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Issue 35 `/dashboard/leaderboard`: who earned the most points lately, on the site or in one
 * group, with each member's level; the owner names the levels below.
 */
export function LeaderboardScreen({
  board,
  profiles = false,
}: {
  board: Leaderboard;
  /** Whether names open members' profiles (the site lets the viewer see them). */
  profiles?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const levelName = useLevelName(board.levels);
  const go = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change))
      if (value) next.set(key, value);
      else next.delete(key);
    void navigate({ search: next.toString() }, { preventScrollReset: true });
  };
  const periods: Record<LeaderboardPeriod, string> = {
    "7d": t("leaderboard.period.week"),
    "30d": t("leaderboard.period.month"),
    all: t("leaderboard.period.all"),
  };
  const meBelow = board.me && !board.rows.some((row) => row.userId === board.me!.userId);
  return (
    <Stack gap="md" data-testid="leaderboard-screen">
      <Group gap="sm">
        <IconTrophy size={28} aria-hidden />
        <Title order={1} size="h2">
          {board.group ? board.group.name : t("dashboard.sections.leaderboard.title")}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {t("leaderboard.help")}
      </Text>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={board.period}
          onChange={(value) => go({ period: value })}
          data={leaderboardPeriods.map((value) => ({ value, label: periods[value] }))}
          data-testid="leaderboard-period"
        />
        {board.groups.length > 0 ? (
          <Select
            aria-label={t("leaderboard.scope")}
            value={board.group?.slug ?? ""}
            onChange={(value) => go({ group: value || null })}
            data={[
              { value: "", label: t("leaderboard.wholeSite") },
              ...board.groups.map((group) => ({ value: group.slug, label: group.name })),
            ]}
            allowDeselect={false}
            w={240}
            data-testid="leaderboard-scope"
          />
        ) : null}
      </Group>
      <Paper withBorder radius="md">
        {board.rows.length === 0 ? (
          <Text c="dimmed" p="lg" ta="center" data-testid="leaderboard-empty">
            {t("leaderboard.empty")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("leaderboard.rank")}</Table.Th>
                  <Table.Th>{t("leaderboard.member")}</Table.Th>
                  <Table.Th>{t("leaderboard.level")}</Table.Th>
                  <Table.Th ta="end">{t("leaderboard.points")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {board.rows.map((row) => (
                  <BoardRow
                    key={row.userId}
                    row={row}
                    mine={row.userId === board.me?.userId}
                    levelName={levelName}
                    profiles={profiles}
                  />
                ))}
                {meBelow ? (
                  <BoardRow row={board.me!} mine levelName={levelName} profiles={profiles} />
                ) : null}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {board.canManage ? <LevelsEditor levels={board.levels} /> : null}
    </Stack>
  );
}
