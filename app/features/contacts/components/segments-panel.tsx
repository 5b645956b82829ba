import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { fieldIssueMessage, type FieldIssue } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  contactSources,
  contactStatuses,
  type SegmentRow,
  type SegmentRules,
} from "../contact-shapes";

export type SegmentOptions = {
  tags: string[];
  courses: { id: string; title: string }[];
  products: { id: string; title: string }[];
};

const emptyRules: SegmentRules = {
  statuses: [],
  sources: [],
  tagsAny: [],
  tagsAll: [],
  tagsNone: [],
  fields: [],
  courseIds: [],
  productIds: [],
};

/** M5 segments: each saved segment with its live count, opened in the contacts list or edited. */
export function SegmentsPanel({
  segments,
  options,
}: {
  segments: SegmentRow[];
  options: SegmentOptions;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<SegmentRow | "new" | null>(null);
  const remove = useFetcher();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t("contacts.segments.help")}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
          {t("contacts.segments.new")}
        </Button>
      </Group>
      {segments.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t("contacts.segments.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="segments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("contacts.segments.name")}</Table.Th>
                <Table.Th>{t("contacts.segments.count")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("contacts.columns.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {segments.map((segment) => (
                <Table.Tr key={segment.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => setEditing(segment)}>
                      {segment.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`?tab=contacts&segment=${segment.id}`}>
                      {t("contacts.segments.people", {
                        count: segment.count,
                        formatted: number.format(segment.count),
                      })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("contacts.segments.delete", { name: segment.name })}
                      loading={remove.state !== "idle"}
                      onClick={() =>
                        void remove.submit(
                          { intent: "deleteSegment", id: segment.id },
                          { method: "post", encType: "application/json" },
                        )
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing ? (
        <SegmentEditor
          segment={editing === "new" ? null : editing}
          options={options}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

type Answer = { ok: boolean; count?: number; issues?: FieldIssue[] };

/** A segment's name and rules, with the number of contacts they select now. */
function SegmentEditor({
  segment,
  options,
  onClose,
}: {
  segment: SegmentRow | null;
  options: SegmentOptions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(segment?.name ?? "");
  const [rules, setRules] = useState<SegmentRules>(segment?.rules ?? emptyRules);
  const counter = useFetcher<Answer>();
  const saver = useFetcher<Answer>();
  const set = <K extends keyof SegmentRules>(key: K, value: SegmentRules[K]) =>
    setRules((current) => ({ ...current, [key]: value }));
  const setField = (index: number, patch: Partial<SegmentRules["fields"][number]>) =>
    set(
      "fields",
      rules.fields.map((one, i) => (i === index ? { ...one, ...patch } : one)),
    );
  const rulesText = JSON.stringify(rules);

  // The count follows the rules a moment after the last change.
  useEffect(() => {
    const timer = setTimeout(
      () =>
        void counter.submit(
          { intent: "previewSegment", rules: JSON.parse(rulesText) },
          { method: "post", encType: "application/json" },
        ),
      400,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher changes each render
  }, [rulesText]);
  const saved = saver.state === "idle" ? saver.data : undefined;
  useEffect(() => {
    if (saved?.ok) onClose();
  }, [saved, onClose]);
  const issue = saved && !saved.ok ? saved.issues?.find((one) => one.path === "name") : undefined;

  const date = (key: "createdFrom" | "createdTo" | "activeFrom" | "activeTo") => (
    <TextInput
      type="date"
      label={t(`contacts.segments.rules.${key}`)}
      value={rules[key] ?? ""}
      onChange={(event) => set(key, event.currentTarget.value || undefined)}
    />
  );
  const count = counter.data?.ok ? counter.data.count : undefined;

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t(segment ? "contacts.segments.editTitle" : "contacts.segments.newTitle")}
    >
      <Stack gap="sm">
        <TextInput
          label={t("contacts.segments.name")}
          required
          value={name}
          error={issue ? fieldIssueMessage(t, issue) : undefined}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t("contacts.segments.rules.statuses")}
            data={contactStatuses.map((value) => ({ value, label: t(`contacts.status.${value}`) }))}
            value={rules.statuses}
            onChange={(value) => set("statuses", value as SegmentRules["statuses"])}
            clearable
          />
          <MultiSelect
            label={t("contacts.segments.rules.sources")}
            data={contactSources.map((value) => ({ value, label: t(`contacts.source.${value}`) }))}
            value={rules.sources}
            onChange={(value) => set("sources", value as SegmentRules["sources"])}
            clearable
          />
          <TagsInput
            label={t("contacts.segments.rules.tagsAny")}
            data={options.tags}
            value={rules.tagsAny}
            onChange={(value) => set("tagsAny", value)}
            clearable
          />
          <TagsInput
            label={t("contacts.segments.rules.tagsAll")}
            data={options.tags}
            value={rules.tagsAll}
            onChange={(value) => set("tagsAll", value)}
            clearable
          />
          <TagsInput
            label={t("contacts.segments.rules.tagsNone")}
            data={options.tags}
            value={rules.tagsNone}
            onChange={(value) => set("tagsNone", value)}
            clearable
          />
          <MultiSelect
            label={t("contacts.segments.rules.courses")}
            data={options.courses.map((course) => ({ value: course.id, label: course.title }))}
            value={rules.courseIds}
            onChange={(value) => set("courseIds", value)}
            searchable
            clearable
          />
          <MultiSelect
            label={t("contacts.segments.rules.products")}
            data={options.products.map((product) => ({ value: product.id, label: product.title }))}
            value={rules.productIds}
            onChange={(value) => set("productIds", value)}
            searchable
            clearable
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {date("createdFrom")}
          {date("createdTo")}
          {date("activeFrom")}
          {date("activeTo")}
        </SimpleGrid>
        <Title order={3} size="h6">
          {t("contacts.segments.rules.fields")}
        </Title>
        {rules.fields.map((rule, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t("contacts.segments.field.key")}
              value={rule.key}
              onChange={(event) => setField(index, { key: event.currentTarget.value })}
            />
            <Select
              label={t("contacts.segments.field.op")}
              data={(["is", "isNot", "contains", "isSet", "isNotSet"] as const).map((value) => ({
                value,
                label: t(`contacts.segments.field.ops.${value}`),
              }))}
              value={rule.op}
              allowDeselect={false}
              onChange={(value) => setField(index, { op: value as typeof rule.op })}
            />
            <TextInput
              label={t("contacts.segments.field.value")}
              value={rule.value}
              disabled={rule.op === "isSet" || rule.op === "isNotSet"}
              onChange={(event) => setField(index, { value: event.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t("contacts.segments.field.remove")}
              onClick={() =>
                set(
                  "fields",
                  rules.fields.filter((_, i) => i !== index),
                )
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => set("fields", [...rules.fields, { key: "", op: "is", value: "" }])}
          >
            {t("contacts.segments.field.add")}
          </Button>
        </Group>
        <Alert
          color={count === undefined ? "gray" : "blue"}
          role="status"
          data-testid="segment-count"
        >
          {count === undefined
            ? t("contacts.segments.counting")
            : t("contacts.segments.matches", { count })}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("contacts.cancel")}
          </Button>
          <Button
            loading={saver.state !== "idle"}
            onClick={() =>
              void saver.submit(
                { intent: "saveSegment", id: segment?.id ?? null, segment: { name, rules } },
                { method: "post", encType: "application/json" },
              )
            }
          >
            {t("contacts.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
