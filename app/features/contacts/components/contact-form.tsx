import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { fieldIssueMessage, type FieldIssue } from "~/platform/field-issues";
import { dateFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ConsentRow, ContactRow } from "../contact-shapes";

type Answer = { ok: boolean; code?: string; issues?: FieldIssue[] };
type EditableStatus = "subscribed" | "unconfirmed" | "unsubscribed";

/**
 * A contact by hand: address, name, status (with the note of how the person agreed), tags and
 * custom fields; an existing one shows its consent log, newest change first.
 */
export function ContactForm({
  contact,
  consents,
  knownTags,
  onClose,
}: {
  contact: ContactRow | null;
  consents: ConsentRow[];
  knownTags: string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const [email, setEmail] = useState(contact?.email ?? "");
  const [name, setName] = useState(contact?.name ?? "");
  const [status, setStatus] = useState<EditableStatus>(
    contact && ["subscribed", "unconfirmed", "unsubscribed"].includes(contact.status)
      ? (contact.status as EditableStatus)
      : contact
        ? "unsubscribed"
        : "subscribed",
  );
  const [tags, setTags] = useState(contact?.tags ?? []);
  const [fields, setFields] = useState(
    Object.entries(contact?.fields ?? {})
      .map(([key, value]) => `${key}=${value}`)
      .join("\n"),
  );
  const [consentNote, setConsentNote] = useState("");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const issues = answer && !answer.ok ? (answer.issues ?? []) : [];
  const errorAt = (path: string) => {
    const issue = issues.find(
      (candidate) => candidate.path === path || candidate.path.startsWith(`${path}.`),
    );
    return issue ? fieldIssueMessage(t, issue) : undefined;
  };
  useEffect(() => {
    if (answer?.ok) onClose();
  }, [answer, onClose]);

  const save = () => {
    const parsedFields = Object.fromEntries(
      fields
        .split("\n")
        .map((line) => line.split("="))
        .filter(([key]) => key?.trim())
        .map(([key, ...rest]) => [key!.trim(), rest.join("=").trim()]),
    );
    void fetcher.submit(
      {
        intent: "saveContact",
        id: contact?.id ?? null,
        contact: { email, name, status, tags, fields: parsedFields, consentNote },
      },
      { method: "post", encType: "application/json" },
    );
  };
  const when = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const relayStatus = contact && (contact.status === "bounced" || contact.status === "complained");

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(contact ? "contacts.form.editTitle" : "contacts.form.newTitle")}
    >
      <Stack gap="sm">
        {answer && !answer.ok && issues.length === 0 ? (
          <Alert color="red" role="alert">
            {t("contacts.saveFailed")}
          </Alert>
        ) : null}
        {relayStatus ? (
          <Alert color="orange">{t(`contacts.form.relay.${contact.status}`)}</Alert>
        ) : null}
        <TextInput
          label={t("contacts.columns.email")}
          type="email"
          required
          value={email}
          error={errorAt("email")}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <TextInput
          label={t("contacts.columns.name")}
          value={name}
          error={errorAt("name")}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <div>
          <Text size="sm" fw={500} id="contact-status-label">
            {t("contacts.columns.status")}
          </Text>
          <SegmentedControl
            aria-labelledby="contact-status-label"
            value={status}
            onChange={(value) => setStatus(value as EditableStatus)}
            data={(["subscribed", "unconfirmed", "unsubscribed"] as const).map((value) => ({
              value,
              label: t(`contacts.status.${value}`),
            }))}
          />
        </div>
        {status === "subscribed" && contact?.status !== "subscribed" ? (
          <Textarea
            label={t("contacts.form.consentNote")}
            description={t("contacts.form.consentNoteHelp")}
            autosize
            minRows={2}
            value={consentNote}
            error={errorAt("consentNote")}
            onChange={(event) => setConsentNote(event.currentTarget.value)}
          />
        ) : null}
        <TagsInput
          label={t("contacts.columns.tags")}
          data={knownTags}
          value={tags}
          error={errorAt("tags")}
          onChange={setTags}
          clearable
        />
        <Textarea
          label={t("contacts.form.fields")}
          description={t("contacts.form.fieldsHelp")}
          autosize
          minRows={2}
          value={fields}
          error={errorAt("fields")}
          onChange={(event) => setFields(event.currentTarget.value)}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("contacts.cancel")}
          </Button>
          <Button loading={fetcher.state !== "idle"} onClick={save}>
            {t("contacts.save")}
          </Button>
        </Group>
        {contact ? (
          <Stack gap="xs" mt="md">
            <Title order={3} size="h5">
              {t("contacts.form.consentLog")}
            </Title>
            {consents.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("contacts.form.noConsent")}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs" data-testid="consent-log">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("contacts.form.when")}</Table.Th>
                      <Table.Th>{t("contacts.form.what")}</Table.Th>
                      <Table.Th>{t("contacts.form.how")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {consents.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td>{when.format(new Date(entry.at))}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color="gray">
                            {t(`contacts.consent.${entry.action}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{entry.wording || "—"}</Text>
                          <Text size="xs" c="dimmed">
                            {[entry.origin, entry.pageUrl, entry.ip].filter(Boolean).join(" · ")}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
