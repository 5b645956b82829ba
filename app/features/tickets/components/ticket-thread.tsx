import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconCircleCheck, IconDownload } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { ticketStatuses, type TicketStatus } from "../ticket-shapes";
import type { TicketMessage, TicketThreadScreen } from "../ticket-views";
import { MAX_BODY_LENGTH } from "../validation";
import { FilesField } from "./files-field";
import {
  dateTimeIn,
  fileSizeIn,
  filesProblem,
  TicketStatusBadge,
  useTicketCall,
} from "./ticket-parts";

function Message({ message, lang }: { message: TicketMessage; lang: string }) {
  const { t } = useTranslation();
  const date = dateTimeIn(lang);
  const size = fileSizeIn(lang);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      data-testid="ticket-message"
      data-from={message.fromPlatform ? "platform" : "site"}
      style={
        message.fromPlatform
          ? { borderInlineStart: "4px solid var(--mantine-color-blue-filled)" }
          : undefined
      }
      aria-label={t("tickets.thread.messageFrom", { name: message.author.name })}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{message.author.name}</Text>
          {message.fromPlatform ? (
            <Badge variant="dot" color="blue" size="sm">
              {t("tickets.thread.supportTeam")}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" component="time" dateTime={message.createdAt}>
          {date(message.createdAt)}
        </Text>
      </Group>
      <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{message.body}</Text>
      {message.files.length ? (
        <Stack gap={4} mt="sm" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {message.files.map((file) => (
            <Group key={file.id} component="li" gap="xs" wrap="nowrap">
              <IconDownload size={16} aria-hidden />
              <Anchor href={file.url} download={file.name} size="sm" data-testid="ticket-file">
                {file.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {size(file.size)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

/** The desk's controls: status and assignee, with a quick "assign to me". */
function DeskControls({ screen }: { screen: TicketThreadScreen }) {
  const { t } = useTranslation();
  const { call, busy, error } = useTicketCall();
  const { ticket } = screen;
  const base = `/api/desk/tickets/${ticket.id}`;
  const assignees = screen.assignees.map((person) => ({
    value: person.id,
    label: person.id === screen.me ? t("tickets.desk.me", { name: person.name }) : person.name,
  }));
  return (
    <Card withBorder radius="md" p="md" data-testid="desk-controls">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: "end" }}>
        <Select
          label={t("tickets.list.status")}
          data={ticketStatuses.map((value) => ({ value, label: t(`tickets.status.${value}`) }))}
          value={ticket.status}
          allowDeselect={false}
          disabled={busy}
          onChange={(value) => {
            if (value && value !== ticket.status)
              void call(`${base}/status`, { status: value as TicketStatus });
          }}
        />
        <Select
          label={t("tickets.desk.assignee")}
          placeholder={t("tickets.desk.unassigned")}
          data={assignees}
          value={ticket.assignee?.id ?? null}
          clearable
          disabled={busy}
          onChange={(value) => {
            if (value !== (ticket.assignee?.id ?? null))
              void call(`${base}/assign`, { assigneeId: value });
          }}
        />
        <Button
          variant="light"
          disabled={busy || ticket.assignee?.id === screen.me}
          onClick={() => void call(`${base}/assign`, { assigneeId: screen.me })}
        >
          {t("tickets.desk.assignMe")}
        </Button>
      </SimpleGrid>
      {error ? (
        <Alert color="red" role="alert" mt="sm">
          {t(error)}
        </Alert>
      ) : null}
    </Card>
  );
}

function ReplyBox({ screen }: { screen: TicketThreadScreen }) {
  const { t } = useTranslation();
  const { call, busy, error, setError } = useTicketCall();
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const desk = screen.view === "desk";
  const url = desk
    ? `/api/desk/tickets/${screen.ticket.id}/replies`
    : `/api/tickets/${screen.ticket.id}/replies`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!body.trim()) return;
    const problem = filesProblem(files);
    if (problem) return setError(problem);
    const form = new FormData();
    form.set("body", body);
    for (const file of files) form.append("files", file);
    if (await call(url, form)) {
      setBody("");
      setFiles([]);
      setTried(false);
    }
  }

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="reply-title">
      <form onSubmit={submit} noValidate data-testid="ticket-reply-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="reply-title">
            {t(desk ? "tickets.thread.replyDesk" : "tickets.thread.reply")}
          </Title>
          {!desk && screen.ticket.status === "resolved" ? (
            <Text size="sm" c="dimmed">
              {t("tickets.thread.reopenHint")}
            </Text>
          ) : null}
          <Textarea
            label={t("tickets.fields.message")}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            maxLength={MAX_BODY_LENGTH}
            autosize
            minRows={4}
            maxRows={14}
            required
            error={tried && !body.trim() ? t("tickets.form.required") : undefined}
          />
          <FilesField files={files} onChange={setFiles} />
          {error ? (
            <Alert color="red" role="alert" data-testid="ticket-error">
              {t(error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t("tickets.thread.send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /dashboard/tickets/:id: a ticket's thread, on the owner's side or the platform desk's. */
export function TicketThreadView({ screen, lang }: { screen: TicketThreadScreen; lang: string }) {
  const { t } = useTranslation();
  const { call, busy, error } = useTicketCall();
  const { ticket } = screen;
  const desk = screen.view === "desk";
  const date = dateTimeIn(lang);
  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to={desk ? "/dashboard/tickets?view=desk" : "/dashboard/tickets"}
        size="sm"
        w="fit-content"
      >
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t("tickets.thread.back")}
        </Group>
      </Anchor>
      <Stack gap={6}>
        <Group gap="sm" wrap="wrap" align="center">
          <Title order={1} style={{ overflowWrap: "anywhere" }}>
            {ticket.subject}
          </Title>
          <TicketStatusBadge status={ticket.status} />
        </Group>
        <Text c="dimmed" size="sm">
          {[
            `#${ticket.number}`,
            t(`tickets.categories.${ticket.category}`),
            ...(desk ? [`${ticket.site.name} (${ticket.site.slug})`] : []),
            t("tickets.thread.openedBy", {
              name: ticket.openedBy.name,
              date: date(ticket.createdAt),
            }),
          ].join(" · ")}
        </Text>
      </Stack>
      {desk ? <DeskControls screen={screen} /> : null}
      {!desk && ticket.status !== "resolved" ? (
        <Group>
          <Button
            variant="light"
            color="green"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            loading={busy}
            onClick={() => void call(`/api/tickets/${ticket.id}/resolve`, {})}
          >
            {t("tickets.thread.markResolved")}
          </Button>
          {error ? (
            <Text c="red" size="sm" role="alert">
              {t(error)}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <Stack gap="sm" component="section" aria-label={t("tickets.thread.messages")}>
        {screen.messages.map((message) => (
          <Message key={message.id} message={message} lang={lang} />
        ))}
      </Stack>
      <ReplyBox screen={screen} />
    </Stack>
  );
}
