import { Alert, Button, Group, Modal, Select, Stack, TextInput, Textarea } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useNavigate } from "react-router";
import { ticketCategories, type TicketCategory } from "../ticket-shapes";
import { ticketPath } from "../ticket-views";
import { MAX_BODY_LENGTH, MAX_SUBJECT_LENGTH } from "../validation";
import { FilesField } from "./files-field";
import { filesProblem, useTicketCall } from "./ticket-parts";

/** The owner's new ticket: subject, category, the first message and its files. */
export function NewTicketForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { call, busy, error, setError } = useTicketCall();
  const [subject, setSubject] = useState("");
  const [category, setCategory] = useState<TicketCategory | null>(null);
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [tried, setTried] = useState(false);

  const missing = {
    subject: !subject.trim(),
    category: !category,
    body: !body.trim(),
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (missing.subject || missing.category || missing.body) return;
    const problem = filesProblem(files);
    if (problem) return setError(problem);
    const form = new FormData();
    form.set("subject", subject);
    form.set("category", category!);
    form.set("body", body);
    for (const file of files) form.append("files", file);
    const answer = await call<{ ticket: { id: string } }>("/api/tickets", form);
    if (!answer) return;
    onClose();
    setSubject("");
    setCategory(null);
    setBody("");
    setFiles([]);
    setTried(false);
    void navigate(ticketPath(answer.ticket.id, "site"));
  }

  const required = t("tickets.form.required");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("tickets.site.new")}
      size="lg"
      centered
      closeButtonProps={{ "aria-label": t("tickets.form.close") }}
    >
      <form onSubmit={submit} noValidate data-testid="new-ticket-form">
        <Stack gap="md">
          <TextInput
            label={t("tickets.fields.subject")}
            value={subject}
            onChange={(event) => setSubject(event.currentTarget.value)}
            maxLength={MAX_SUBJECT_LENGTH}
            required
            error={tried && missing.subject ? required : undefined}
            data-autofocus
          />
          <Select
            label={t("tickets.fields.category")}
            placeholder={t("tickets.form.chooseCategory")}
            data={ticketCategories.map((value) => ({
              value,
              label: t(`tickets.categories.${value}`),
            }))}
            value={category}
            onChange={(value) => setCategory(value as TicketCategory | null)}
            required
            allowDeselect={false}
            error={tried && missing.category ? required : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label={t("tickets.fields.message")}
            description={t("tickets.form.messageHint")}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            maxLength={MAX_BODY_LENGTH}
            autosize
            minRows={5}
            maxRows={14}
            required
            error={tried && missing.body ? required : undefined}
          />
          <FilesField files={files} onChange={setFiles} />
          {error ? (
            <Alert color="red" role="alert" data-testid="ticket-error">
              {t(error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("tickets.form.cancel")}
            </Button>
            <Button type="submit" loading={busy}>
              {t("tickets.form.open")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
