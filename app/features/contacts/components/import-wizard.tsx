import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
} from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";

type Problem = { row: number; reason: "email" | "duplicate" | "tooLong" };
type Preview = {
  ok: true;
  columns: string[];
  mapping: string[];
  sample: string[][];
  rowCount: number;
  valid: number;
  problems: Problem[];
  problemCount: number;
  hasEmail: boolean;
};
type Imported = {
  ok: true;
  created: number;
  updated: number;
  problems: Problem[];
  problemCount: number;
};
type Answer = Preview | Imported | { ok: false; code: string };

const fixedTargets = ["email", "name", "tags", "ignore"] as const;
type Status = "subscribed" | "unconfirmed" | "unsubscribed";

/**
 * M5 import: choose a CSV file; see its columns with what each is taken as (changeable), its
 * first rows and each row's mistake; say whether these people agreed to mail and how; import.
 */
export function ImportWizard({ knownTags, onClose }: { knownTags: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState("");
  const [mapping, setMapping] = useState<string[] | null>(null);
  const [status, setStatus] = useState<Status>("unsubscribed");
  const [tags, setTags] = useState<string[]>([]);
  const [consentNote, setConsentNote] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer?.ok && "columns" in answer && answer !== preview) {
    setPreview(answer);
    setMapping(answer.mapping);
  }
  const imported = answer?.ok && "created" in answer ? answer : null;
  const failed = answer && !answer.ok ? answer : null;

  const send = (intent: "previewImport" | "import", body: object) =>
    fetcher.submit({ intent, csv, fileName: file?.name ?? "", ...body } as never, {
      method: "post",
      encType: "application/json",
    });

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setMapping(null);
    if (!chosen) return;
    const text = await chosen.text();
    setCsv(text);
    void fetcher.submit(
      { intent: "previewImport", csv: text, fileName: chosen.name },
      { method: "post", encType: "application/json" },
    );
  };
  const remap = (column: number, target: string) => {
    const next = [...(mapping ?? [])];
    next[column] = target;
    setMapping(next);
    void send("previewImport", { mapping: next });
  };
  const targetOptions = (current: string) => [
    ...fixedTargets.map((value) => ({ value, label: t(`contacts.import.target.${value}`) })),
    ...(current.startsWith("field:")
      ? [{ value: current, label: t("contacts.import.target.field", { key: current.slice(6) }) }]
      : []),
  ];

  return (
    <Modal opened onClose={onClose} size="xl" title={t("contacts.import.title")}>
      {imported ? (
        <Stack gap="sm" data-testid="import-result">
          <Alert color="green" role="status">
            {t("contacts.import.done", { created: imported.created, updated: imported.updated })}
          </Alert>
          {imported.problemCount > 0 ? (
            <ProblemList problems={imported.problems} count={imported.problemCount} />
          ) : null}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t("contacts.import.close")}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <FileInput
            label={t("contacts.import.file")}
            description={t("contacts.import.fileHelp")}
            accept=".csv,text/csv"
            value={file}
            onChange={(chosen) => void choose(chosen)}
            clearable
          />
          {failed ? (
            <Alert color="red" role="alert">
              {t(
                failed.code === "request.tooLarge"
                  ? "contacts.import.tooLarge"
                  : "contacts.import.unreadable",
              )}
            </Alert>
          ) : null}
          {preview && mapping ? (
            <>
              <Text size="sm" data-testid="import-summary">
                {t("contacts.import.summary", {
                  rows: preview.rowCount,
                  valid: preview.valid,
                  problems: preview.problemCount,
                })}
              </Text>
              {!mapping.includes("email") ? (
                <Alert color="orange">{t("contacts.import.needEmail")}</Alert>
              ) : null}
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing="xs" withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      {preview.columns.map((column, index) => (
                        <Table.Th key={index}>
                          <Text size="xs" c="dimmed">
                            {column}
                          </Text>
                          <Select
                            size="xs"
                            aria-label={t("contacts.import.columnAs", { column })}
                            data={targetOptions(mapping[index] ?? "ignore")}
                            value={mapping[index] ?? "ignore"}
                            onChange={(value) => value && remap(index, value)}
                            allowDeselect={false}
                          />
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.sample.map((row, rowIndex) => (
                      <Table.Tr key={rowIndex}>
                        {preview.columns.map((_, index) => (
                          <Table.Td key={index}>{row[index] ?? ""}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {preview.problemCount > 0 ? (
                <ProblemList problems={preview.problems} count={preview.problemCount} />
              ) : null}
              <div>
                <Text size="sm" fw={500} id="import-status-label">
                  {t("contacts.import.status")}
                </Text>
                <SegmentedControl
                  aria-labelledby="import-status-label"
                  value={status}
                  onChange={(value) => setStatus(value as Status)}
                  data={(["unsubscribed", "unconfirmed", "subscribed"] as const).map((value) => ({
                    value,
                    label: t(`contacts.import.as.${value}`),
                  }))}
                />
                <Text size="xs" c="dimmed" mt={4}>
                  {t("contacts.import.statusHelp")}
                </Text>
              </div>
              {status === "subscribed" ? (
                <Textarea
                  label={t("contacts.form.consentNote")}
                  description={t("contacts.import.consentHelp")}
                  required
                  autosize
                  minRows={2}
                  value={consentNote}
                  onChange={(event) => setConsentNote(event.currentTarget.value)}
                />
              ) : null}
              <TagsInput
                label={t("contacts.import.tags")}
                data={knownTags}
                value={tags}
                onChange={setTags}
                clearable
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t("contacts.cancel")}
                </Button>
                <Button
                  loading={fetcher.state !== "idle"}
                  disabled={
                    !mapping.includes("email") ||
                    preview.valid === 0 ||
                    (status === "subscribed" && !consentNote.trim())
                  }
                  onClick={() => void send("import", { mapping, status, tags, consentNote })}
                >
                  {t("contacts.import.run", { count: preview.valid })}
                </Button>
              </Group>
            </>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}

function ProblemList({ problems, count }: { problems: Problem[]; count: number }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t("contacts.import.problems", { count })}>
      <List size="sm" data-testid="import-problems">
        {problems.map((problem) => (
          <List.Item key={problem.row}>
            {t(`contacts.import.reason.${problem.reason}`, { row: problem.row })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
