import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCopy, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import { dateFormat } from "~/platform/i18n/formats";
import { courseStatuses, type CourseStatus } from "../course-shapes";
import { saveProblemKey } from "./save-problem";
import { StatusBadge } from "./status-badge";

export type TeacherCourseRow = {
  id: string;
  title: string;
  slug: string;
  status: CourseStatus;
  updatedAt: string;
  authorName: string | null;
  categoryName: string | null;
};

type CommandAnswer = { ok: true; id: string | null } | { ok: false; code: string };

/** The courses of a table, each with its builder's link (and, for their teachers, duplicate and delete). */
export function CourseTable({
  rows,
  onCommand,
  busy,
}: {
  rows: TeacherCourseRow[];
  onCommand?: (intent: "duplicate" | "delete", row: TeacherCourseRow) => void;
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const date = dateFormat(i18n.language, { dateStyle: "medium" });
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" data-testid="course-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("courseBuilder.list.title")}</Table.Th>
            <Table.Th>{t("courseBuilder.list.author")}</Table.Th>
            <Table.Th>{t("courseBuilder.fields.category")}</Table.Th>
            <Table.Th>{t("courseBuilder.fields.status")}</Table.Th>
            <Table.Th>{t("courseBuilder.list.updated")}</Table.Th>
            {onCommand ? (
              <Table.Th>
                <Text component="span" size="sm" fw={700}>
                  {t("courseBuilder.list.actions")}
                </Text>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="course-row">
              <Table.Td>
                <Anchor component={Link} to={`/dashboard/course/${row.id}`} fw={600}>
                  {row.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  /course/{row.slug}
                </Text>
              </Table.Td>
              <Table.Td>{row.authorName ?? "—"}</Table.Td>
              <Table.Td>{row.categoryName ?? "—"}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>{date.format(new Date(row.updatedAt))}</Table.Td>
              {onCommand ? (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={busy}
                      aria-label={t("courseBuilder.list.duplicate", { title: row.title })}
                      onClick={() => onCommand("duplicate", row)}
                    >
                      <IconCopy size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      disabled={busy}
                      aria-label={t("courseBuilder.list.delete", { title: row.title })}
                      onClick={() => onCommand("delete", row)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** M1 `/dashboard/instructor`: the teacher's courses, searched and filtered, with new/duplicate/delete. */
export function InstructorCourses({
  rows,
  query,
}: {
  rows: TeacherCourseRow[];
  query: { q: string; status: CourseStatus | null };
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CommandAnswer>();
  const navigate = useNavigate();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok && answer.id) void navigate(`/dashboard/course/${answer.id}`);
  }, [answer, navigate]);
  const command = (intent: "duplicate" | "delete", row: TeacherCourseRow) => {
    if (
      intent === "delete" &&
      !window.confirm(t("courseBuilder.list.confirmDelete", { title: row.title }))
    )
      return;
    void fetcher.submit({ intent, id: row.id }, { method: "post", encType: "application/json" });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {t("courseBuilder.list.heading")}
        </Title>
        <Button
          component={Link}
          to="/dashboard/instructor/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t("courseBuilder.list.new")}
        </Button>
      </Group>
      <Form method="get" role="search">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            name="q"
            label={t("courseBuilder.list.search")}
            defaultValue={query.q}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Select
            name="status"
            label={t("courseBuilder.fields.status")}
            placeholder={t("courseBuilder.list.anyStatus")}
            data={courseStatuses.map((status) => ({
              value: status,
              label: t(`courseBuilder.status.${status}`),
            }))}
            defaultValue={query.status}
            clearable
            w={180}
          />
          <Button type="submit" variant="default">
            {t("courseBuilder.list.filter")}
          </Button>
        </Group>
      </Form>
      {answer && !answer.ok ? (
        <Alert color="red" variant="light" role="alert">
          {t(saveProblemKey(answer.code))}
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed">{t("courseBuilder.list.empty")}</Text>
        </Paper>
      ) : (
        <CourseTable rows={rows} onCommand={command} busy={fetcher.state !== "idle"} />
      )}
    </Stack>
  );
}

/** M1 `/dashboard/instructor/new`: a title, then the new draft opens in the builder. */
export function NewCourse() {
  const { t } = useTranslation();
  const fetcher = useFetcher<CommandAnswer>();
  const navigate = useNavigate();
  const [title, setTitle] = useState("");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok && answer.id) void navigate(`/dashboard/course/${answer.id}`, { replace: true });
  }, [answer, navigate]);
  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void fetcher.submit({ title }, { method: "post", encType: "application/json" });
        }}
      >
        <Stack>
          <Title order={1} fz="h2">
            {t("courseBuilder.new.heading")}
          </Title>
          <TextInput
            label={t("courseBuilder.fields.title")}
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            data-autofocus
          />
          {answer && !answer.ok ? (
            <Alert color="red" variant="light" role="alert" data-testid="new-course-problem">
              {t(saveProblemKey(answer.code))}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={fetcher.state !== "idle"} disabled={!title.trim()}>
              {t("courseBuilder.new.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
