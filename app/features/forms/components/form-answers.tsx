import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { IconDownload, IconSearch, IconTrash } from "@tabler/icons-react";
import { useMemo, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { ListPager, useListFilters } from "~/features/content/content";
import type { CountryOption } from "~/platform/countries";
import { dateFormat, numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import { displayFieldValue } from "../field-display";
import {
  FORMS_SCREEN_PATH,
  SUBMISSIONS_PER_PAGE,
  type FormDefinition,
  type SubmissionRow,
} from "../form-shapes";
import { FieldValue } from "./field-value";

export type AnswerList = {
  rows: SubmissionRow[];
  total: number;
  query: { q: string; page: number };
};

/** The answers' table shows the e-mail and at most this many other questions. */
const COLUMNS = 4;

/**
 * M5 one form's answers, newest first: search, open one to read every field, select some to
 * delete, export what the search selects as CSV.
 */
export function FormAnswers({
  formId,
  form,
  answers,
  countries,
}: {
  formId: string;
  form: FormDefinition;
  answers: AnswerList;
  countries: CountryOption[];
}) {
  const { t, i18n } = useTranslation();
  const { query, rows } = answers;
  const filters = useListFilters(query.q);
  const [selected, setSelected] = useState<string[]>([]);
  const [reading, setReading] = useState<SubmissionRow | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remover = useFetcher<{ ok: boolean; deleted?: number }>();
  const countryNames = useMemo(
    () => new Map(countries.map((country) => [country.code, country.name])),
    [countries],
  );
  const when = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const number = numberFormat(i18n.language);
  const columns = form.fields
    .filter((field) => field.type !== "hidden" && field.type !== "email")
    .slice(0, COLUMNS);
  // Only what is on this page can be chosen (a deleted or paged-away answer drops out).
  const chosen = selected.filter((id) => rows.some((row) => row.id === id));
  const allOnPage = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((one) => one !== id) : [...current, id],
    );
  const exportHref = `${FORMS_SCREEN_PATH}/submissions.csv?${new URLSearchParams({
    form: formId,
    q: query.q,
  }).toString()}`;
  const remove = () => {
    void remover.submit(
      { intent: "deleteSubmissions", formId, ids: chosen },
      { method: "post", encType: "application/json" },
    );
    setSelected([]);
    setConfirming(false);
  };
  const deleted = remover.state === "idle" && remover.data?.ok ? remover.data.deleted : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" align="flex-end">
        <TextInput
          label={t("forms.screen.answers.search")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filters.search}
          onChange={(event) => filters.setSearch(event.currentTarget.value)}
          w={{ base: "100%", sm: 280 }}
        />
        <Button
          component="a"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          href={exportHref}
          download
        >
          {t("forms.screen.answers.export")}
        </Button>
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="answers-total">
          {t("forms.screen.answers.total", { formatted: number.format(answers.total) })}
        </Text>
        <Text size="sm" c="dimmed" role="status">
          {deleted !== undefined
            ? t("forms.screen.answers.deleted", { formatted: number.format(deleted) })
            : ""}
        </Text>
      </Group>
      {chosen.length > 0 ? (
        <Paper withBorder p="sm" radius="md">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={500}>
              {t("forms.screen.answers.selected", { formatted: number.format(chosen.length) })}
            </Text>
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} aria-hidden />}
              loading={remover.state !== "idle"}
              onClick={() => setConfirming(true)}
            >
              {t("forms.screen.answers.delete")}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {rows.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {query.q ? t("forms.screen.answers.noMatch") : t("forms.screen.answers.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="answers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t("forms.screen.answers.selectPage")}
                    checked={allOnPage}
                    indeterminate={chosen.length > 0 && !allOnPage}
                    onChange={() => setSelected(allOnPage ? [] : rows.map((row) => row.id))}
                  />
                </Table.Th>
                <Table.Th>{t("forms.screen.answers.email")}</Table.Th>
                {columns.map((field) => (
                  <Table.Th key={field.name}>
                    <Text size="sm" fw={700} lineClamp={1}>
                      {field.label}
                    </Text>
                  </Table.Th>
                ))}
                <Table.Th>{t("forms.screen.answers.sentAt")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  style={{ cursor: "pointer" }}
                  onClick={() => setReading(row)}
                >
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      aria-label={t("forms.screen.answers.select", { email: row.email })}
                      checked={chosen.includes(row.id)}
                      onChange={() => toggle(row.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor
                        component="button"
                        type="button"
                        fw={500}
                        onClick={(event) => {
                          event.stopPropagation();
                          setReading(row);
                        }}
                      >
                        {row.email || "—"}
                      </Anchor>
                      {row.confirmedAt ? (
                        <Badge variant="light" color="green" size="sm">
                          {t("forms.screen.answers.confirmed")}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  {columns.map((field) => (
                    <Table.Td key={field.name}>
                      <Text size="sm" lineClamp={2}>
                        {displayFieldValue({
                          field,
                          value: row.values[field.name],
                          lang: i18n.language,
                          countryNames,
                        }) || "—"}
                      </Text>
                    </Table.Td>
                  ))}
                  <Table.Td>{when.format(new Date(row.createdAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        total={answers.total}
        perPage={SUBMISSIONS_PER_PAGE}
        page={query.page}
        go={filters.go}
      />
      {reading ? (
        <AnswerDetails
          row={reading}
          form={form}
          countryNames={countryNames}
          onClose={() => setReading(null)}
        />
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        size="sm"
        title={t("forms.screen.answers.confirmTitle")}
      >
        <Stack gap="md">
          <Text size="sm">
            {t("forms.screen.answers.confirmText", { formatted: number.format(chosen.length) })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("forms.screen.cancel")}
            </Button>
            <Button color="red" onClick={remove} data-testid="confirm-delete-answers">
              {t("forms.screen.answers.delete")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** Only an address of the web is a link: the page an answer names came from its visitor. */
const webAddress = (url: string) => /^https?:\/\//i.test(url);

/** One answer in full: every field of the form (D15 display), then any answer to a field since removed. */
function AnswerDetails({
  row,
  form,
  countryNames,
  onClose,
}: {
  row: SubmissionRow;
  form: FormDefinition;
  countryNames: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const when = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const known = new Set(form.fields.map((field) => field.name));
  const others = Object.keys(row.values).filter((name) => !known.has(name));
  return (
    <Modal opened onClose={onClose} size="lg" title={t("forms.screen.answers.detailTitle")}>
      <Stack gap="sm" data-testid="answer-details">
        {form.fields.map((field) => (
          <FieldValue
            key={field.name}
            field={field}
            value={row.values[field.name] ?? (field.type === "email" ? row.email : undefined)}
            countryNames={countryNames}
          />
        ))}
        {others.map((name) => (
          <FieldValue
            key={name}
            field={{ name, label: name, type: "text" }}
            value={row.values[name]}
          />
        ))}
        <Detail label={t("forms.screen.answers.sentAt")}>
          {when.format(new Date(row.createdAt))}
        </Detail>
        {form.doubleOptIn || row.confirmedAt ? (
          <Detail label={t("forms.screen.answers.confirmation")}>
            {row.confirmedAt
              ? t("forms.screen.answers.confirmedAt", {
                  date: when.format(new Date(row.confirmedAt)),
                })
              : t("forms.screen.answers.notConfirmed")}
          </Detail>
        ) : null}
        <Detail label={t("forms.screen.answers.page")}>
          {row.pageUrl && webAddress(row.pageUrl) ? (
            <Anchor href={row.pageUrl} target="_blank" rel="noopener noreferrer nofollow">
              {row.pageUrl}
            </Anchor>
          ) : (
            row.pageUrl || "—"
          )}
        </Detail>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("forms.screen.close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: "anywhere" }}>{children}</Text>
    </div>
  );
}
