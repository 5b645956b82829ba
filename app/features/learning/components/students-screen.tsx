import {
  Anchor,
  Alert,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import type { InstructorEnrolment, StudentRow } from "../enrolment.server";

function formatDate(iso: string | null, lang: string) {
  if (!iso) return "—";
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(iso),
  );
}

type Answer = { ok: boolean; code?: string; result?: InstructorEnrolment; reason?: string };

function EnrolForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const [emails, setEmails] = useState("");
  const [expires, setExpires] = useState("");
  const result = fetcher.data?.result;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t("learning.students.enrolTitle")}
        </Title>
        <Textarea
          label={t("learning.students.emails")}
          description={t("learning.students.emailsHint")}
          value={emails}
          onChange={(event) => setEmails(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t("learning.students.expiresOn")}
            description={t("learning.students.expiresHint")}
            value={expires}
            onChange={(event) => setExpires(event.currentTarget.value)}
          />
          <Button
            loading={fetcher.state !== "idle"}
            disabled={!emails.trim()}
            onClick={() =>
              fetcher.submit(
                { intent: "enrol", courseId, emails, expiresAt: expires || null },
                { method: "post", encType: "application/json" },
              )
            }
          >
            {t("learning.students.enrol")}
          </Button>
        </Group>
        {result ? (
          <Alert color={result.unknown.length ? "yellow" : "teal"} data-testid="enrol-result">
            <Stack gap={4}>
              <Text size="sm">
                {t("learning.students.enrolled", { n: result.enrolled.length })}
              </Text>
              <Text size="sm">{t("learning.students.already", { n: result.already.length })}</Text>
              <Text size="sm">
                {t("learning.students.unknown", { n: result.unknown.length })}
                {result.unknown.length ? `: ${result.unknown.slice(0, 20).join(", ")}` : ""}
              </Text>
            </Stack>
          </Alert>
        ) : fetcher.data && !fetcher.data.ok ? (
          <Text c="red" size="sm" role="alert">
            {t("learning.students.failed")}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ManageStudent({
  courseId,
  student,
  canLinkParents,
  onClose,
}: {
  courseId: string;
  student: StudentRow;
  canLinkParents: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const [expires, setExpires] = useState(student.expiresAt?.slice(0, 10) ?? "");
  const [parent, setParent] = useState("");
  const send = (body: Record<string, unknown>) =>
    fetcher.submit(
      { courseId, userId: student.userId, ...body },
      { method: "post", encType: "application/json" },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={student.name}
      closeButtonProps={{ "aria-label": t("learning.students.close") }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {student.email}
        </Text>
        <Group align="flex-end">
          <TextInput
            type="date"
            label={t("learning.students.expiresOn")}
            value={expires}
            onChange={(event) => setExpires(event.currentTarget.value)}
          />
          <Button
            variant="light"
            onClick={() => send({ intent: "expiry", expiresAt: expires || null })}
          >
            {t("learning.students.saveExpiry")}
          </Button>
        </Group>
        {canLinkParents ? (
          <Group align="flex-end">
            <TextInput
              type="email"
              label={t("learning.students.parentEmail")}
              value={parent}
              onChange={(event) => setParent(event.currentTarget.value)}
            />
            <Button
              variant="light"
              disabled={!parent.trim()}
              onClick={() => send({ intent: "linkParent", parentEmail: parent })}
            >
              {t("learning.students.linkParent")}
            </Button>
          </Group>
        ) : null}
        {fetcher.data ? (
          <Text size="sm" c={fetcher.data.ok ? "teal" : "red"} role="status">
            {fetcher.data.ok
              ? t("learning.students.done")
              : fetcher.data.reason === "unknownParent"
                ? t("learning.students.unknownParent")
                : t("learning.students.failed")}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Button color="red" variant="subtle" onClick={() => send({ intent: "unenrol" })}>
            {t("learning.students.unenrol")}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t("learning.students.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Scope 3: a course's students with progress, last activity, enrolment and expiry dates. */
export function StudentsScreen({
  course,
  rows,
  total,
  page,
  pageSize,
  search,
  canLinkParents,
}: {
  course: { id: string; title: string; slug: string };
  rows: StudentRow[];
  total: number;
  page: number;
  pageSize: number;
  search: string;
  canLinkParents: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<StudentRow | null>(null);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={`/dashboard/course/${course.id}`} size="sm">
          {course.title}
        </Anchor>
        <Title order={1} size="h2">
          {t("learning.students.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("learning.students.total", { n: total })}
        </Text>
      </div>
      <EnrolForm courseId={course.id} />
      <Form method="get">
        <TextInput
          name="q"
          defaultValue={search}
          leftSection={<IconSearch size={16} aria-hidden />}
          aria-label={t("learning.students.search")}
          placeholder={t("learning.students.search")}
          maw={360}
        />
      </Form>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("learning.students.student")}</Table.Th>
              <Table.Th>{t("learning.progress")}</Table.Th>
              <Table.Th>{t("learning.students.lastActivity")}</Table.Th>
              <Table.Th>{t("learning.students.enrolledOn")}</Table.Th>
              <Table.Th>{t("learning.students.expiry")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("learning.students.manage")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.userId} data-testid="student-row">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.email}
                    {row.status === "cancelled" ? ` · ${t("learning.students.unenrolled")}` : ""}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Progress
                      value={row.progressPercent}
                      w={80}
                      aria-label={t("learning.progress")}
                    />
                    <Text size="xs">{row.progressPercent}%</Text>
                  </Group>
                </Table.Td>
                <Table.Td>{formatDate(row.lastActivityAt, i18n.language)}</Table.Td>
                <Table.Td>{formatDate(row.enrolledAt, i18n.language)}</Table.Td>
                <Table.Td>
                  {row.expiresAt
                    ? formatDate(row.expiresAt, i18n.language)
                    : t("learning.students.never")}
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" onClick={() => setOpen(row)}>
                    {t("learning.students.manage")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 ? <Text c="dimmed">{t("learning.students.empty")}</Text> : null}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={(next) => {
            const params = new URLSearchParams();
            if (search) params.set("q", search);
            params.set("page", String(next));
            void navigate(`?${params}`);
          }}
        />
      ) : null}
      {open ? (
        <ManageStudent
          courseId={course.id}
          student={open}
          canLinkParents={canLinkParents}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Stack>
  );
}
