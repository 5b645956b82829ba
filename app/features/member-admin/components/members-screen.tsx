import {
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconDownload, IconSearch, IconUserPlus } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { ListPager, useListFilters } from "~/features/content/content";
import { MemberAvatar } from "~/features/members/members";
import { dateFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  MEMBER_PATH,
  MEMBERS_CSV_PATH,
  memberFilterSearch,
  memberStatuses,
  seenWindows,
  type InviteRow,
  type MemberList,
} from "../member-shapes";
import { InviteModal } from "./invite-modal";
import { InvitesPanel } from "./invites-panel";
import { statusColour, useMemberWords } from "./member-words";

/**
 * Issue 35 `/dashboard/manage/users`: the site's members, newest first, found by name or e-mail
 * and filtered by role, course, membership, group, status and when they were last seen; each
 * opens their page. The CSV holds the filtered list; invitations mail the site's sign-up link,
 * and those still waiting are listed below it.
 */
export function MembersScreen({
  list,
  invites,
  settings = null,
}: {
  list: MemberList;
  /** Invitations nobody has taken up yet (decision 074). */
  invites: InviteRow[];
  /** The site's community settings shown under the intro (the profiles switch). */
  settings?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const words = useMemberWords();
  const { query } = list;
  const filters = useListFilters(query.q);
  const { go } = filters;
  const [inviting, setInviting] = useState(0);
  const day = dateFormat(i18n.language, { dateStyle: "medium" });
  const number = new Intl.NumberFormat(i18n.language);
  const exportSearch = memberFilterSearch(query);
  const filtered = exportSearch !== "";
  const pick = (key: string) => (value: string | null) => go({ [key]: value ?? "", page: "1" });
  const { options } = list;

  return (
    <Stack gap="md" data-testid="members-screen">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t("dashboard.sections.manageUsers.title")}
        </Title>
        <Group gap="sm">
          <Button
            component="a"
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            href={`${MEMBERS_CSV_PATH}${exportSearch ? `?${exportSearch}` : ""}`}
            download
            data-testid="members-export"
          >
            {t("members.list.export")}
          </Button>
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setInviting((count) => count + 1)}
            data-testid="members-invite"
          >
            {t("members.list.invite")}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t("members.list.intro")}
      </Text>
      {settings}
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t("members.list.search")}
          aria-label={t("members.list.search")}
          value={filters.search}
          onChange={(event) => filters.setSearch(event.currentTarget.value)}
          w={{ base: "100%", sm: 260 }}
          type="search"
          data-testid="members-search"
        />
        <Select
          aria-label={t("members.filters.role")}
          placeholder={t("members.list.anyRole")}
          data={options.roles.map((role) => ({
            value: role.name,
            label: t("members.list.roleOption", {
              role: words.role(role.name),
              total: number.format(role.count),
            }),
          }))}
          value={query.role}
          onChange={pick("role")}
          clearable
          w={200}
        />
        {options.courses.length ? (
          <Select
            aria-label={t("members.filters.course")}
            placeholder={t("members.list.anyCourse")}
            data={options.courses.map((course) => ({ value: course.id, label: course.title }))}
            value={query.course}
            onChange={pick("course")}
            clearable
            searchable
            w={200}
          />
        ) : null}
        {options.memberships.length ? (
          <Select
            aria-label={t("members.filters.membership")}
            placeholder={t("members.list.anyMembership")}
            data={options.memberships.map((level) => ({ value: level.id, label: level.title }))}
            value={query.membership}
            onChange={pick("membership")}
            clearable
            searchable
            w={200}
          />
        ) : null}
        {options.groups.length ? (
          <Select
            aria-label={t("members.filters.group")}
            placeholder={t("members.list.anyGroup")}
            data={options.groups.map((group) => ({ value: group.id, label: group.title }))}
            value={query.group}
            onChange={pick("group")}
            clearable
            searchable
            w={200}
          />
        ) : null}
        <Select
          aria-label={t("members.filters.status")}
          placeholder={t("members.list.anyStatus")}
          data={memberStatuses.map((status) => ({ value: status, label: words.statuses[status] }))}
          value={query.status}
          onChange={pick("status")}
          clearable
          w={160}
        />
        <Select
          aria-label={t("members.filters.seen")}
          placeholder={t("members.list.anySeen")}
          data={seenWindows.map((seen) => ({ value: seen, label: words.seen[seen] }))}
          value={query.seen}
          onChange={pick("seen")}
          clearable
          w={200}
        />
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="members-total">
          {t("members.list.found", { total: number.format(list.total) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t("members.list.counts", {
            all: number.format(list.counts.all),
            suspended: number.format(list.counts.suspended),
          })}
        </Text>
      </Group>
      {list.rows.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="members-empty">
          {filtered ? t("members.list.noMatch") : t("members.list.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("members.columns.name")}</Table.Th>
                <Table.Th>{t("members.columns.email")}</Table.Th>
                <Table.Th>{t("members.columns.role")}</Table.Th>
                <Table.Th>{t("members.columns.joined")}</Table.Th>
                <Table.Th>{t("members.columns.lastSeen")}</Table.Th>
                <Table.Th>{t("members.columns.status")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((row) => {
                const status = row.suspended ? "suspended" : "active";
                return (
                  <Table.Tr key={row.userId} data-testid="member-row">
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`${MEMBER_PATH}?id=${encodeURIComponent(row.userId)}`}
                        underline="never"
                      >
                        <Group gap="sm" wrap="nowrap">
                          <MemberAvatar
                            name={row.name}
                            src={row.avatar}
                            userId={row.userId}
                            variant="avatar"
                            size="sm"
                          />
                          <Text fw={500} size="sm" dir="auto">
                            {row.name}
                          </Text>
                        </Group>
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" dir="ltr">
                        {row.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{words.role(row.role)}</Table.Td>
                    <Table.Td>{day.format(new Date(row.joinedAt))}</Table.Td>
                    <Table.Td>
                      {row.lastSeenAt ? (
                        day.format(new Date(row.lastSeenAt))
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t("members.notSeen")}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={statusColour[status]}>
                        {words.statuses[status]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager total={list.total} perPage={list.pageSize} page={query.page} go={go} />
      <Text size="xs" c="dimmed">
        {t("members.list.seenHelp")}
      </Text>
      <InvitesPanel invites={invites} />
      {inviting > 0 ? (
        <InviteModal
          key={inviting}
          roles={options.roles.map((role) => role.name)}
          onClose={() => setInviting(0)}
        />
      ) : null}
    </Stack>
  );
}
