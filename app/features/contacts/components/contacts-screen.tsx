import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconDownload, IconPlus, IconSearch, IconUpload } from "@tabler/icons-react";
import { useCallback, useState, type ReactNode } from "react";
import { useFetcher, useNavigate, useSearchParams } from "react-router";
import { ListPager, useListFilters } from "~/features/content/content";
import { dateFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  CONTACTS_PER_PAGE,
  CONTACTS_SCREEN_PATH,
  contactStatuses,
  type ConsentRow,
  type ContactListQuery,
  type ContactRow,
  type ContactStatus,
  type SegmentRow,
} from "../contact-shapes";
import { ContactForm } from "./contact-form";
import { ImportWizard } from "./import-wizard";
import { SegmentsPanel, type SegmentOptions } from "./segments-panel";

export type ContactsTab = "contacts" | "segments" | "campaigns";

const statusColour: Record<ContactStatus, string> = {
  subscribed: "green",
  unconfirmed: "yellow",
  unsubscribed: "gray",
  bounced: "red",
  complained: "red",
};

const contactsPath = CONTACTS_SCREEN_PATH;

/**
 * M5 `/dashboard/manage/marketing/emails`: the site's contacts (search, state, tag and segment
 * filters; add, edit with the consent log, import and export CSV, tag or delete many) and its
 * segments, each counted live. The campaigns tab shows `campaignsPanel`, which the route makes
 * (the contacts feature does not know campaigns).
 */
export function ContactsScreen({
  tab,
  list,
  segments,
  opened,
  options,
  campaignsPanel,
}: {
  tab: ContactsTab;
  list: { rows: ContactRow[]; total: number; tags: string[]; query: ContactListQuery };
  segments: SegmentRow[];
  /** The contact opened by `?contact={id}` (or `new`), with its consent log. */
  opened: { contact: ContactRow | null; consents: ConsentRow[] } | null;
  options: SegmentOptions;
  /** What the campaigns tab shows. */
  campaignsPanel?: ReactNode;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const closeContact = useCallback(() => {
    const next = new URLSearchParams(params);
    next.delete("contact");
    void navigate(`?${next.toString()}`, { replace: true, preventScrollReset: true });
  }, [params, navigate]);
  const openContact = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("contact", id);
    void navigate(`?${next.toString()}`, { preventScrollReset: true });
  };
  const exportQuery = new URLSearchParams(
    Object.entries(list.query).flatMap(([key, value]) =>
      key !== "page" && value && value !== "all" ? [[key, String(value)]] : [],
    ),
  ).toString();

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t("dashboard.sections.manageEmails.title")}
        </Title>
        <Group gap="sm" display={tab === "campaigns" ? "none" : undefined}>
          <Button
            variant="default"
            leftSection={<IconUpload size={16} />}
            onClick={() => setImporting(true)}
          >
            {t("contacts.import.open")}
          </Button>
          <Button
            component="a"
            variant="default"
            leftSection={<IconDownload size={16} />}
            href={`${contactsPath}/contacts.csv${exportQuery ? `?${exportQuery}` : ""}`}
            download
          >
            {t("contacts.export")}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => openContact("new")}>
            {t("contacts.new")}
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(value) => void navigate(`?tab=${value ?? "contacts"}`)}>
        <Tabs.List>
          <Tabs.Tab value="contacts">{t("contacts.tabs.contacts")}</Tabs.Tab>
          <Tabs.Tab value="segments">{t("contacts.tabs.segments")}</Tabs.Tab>
          <Tabs.Tab value="campaigns">{t("contacts.tabs.campaigns")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === "campaigns" ? (
        campaignsPanel
      ) : tab === "segments" ? (
        <SegmentsPanel segments={segments} options={options} />
      ) : (
        <ContactList list={list} segments={segments} onOpen={openContact} />
      )}
      {opened ? (
        <ContactForm
          key={opened.contact?.id ?? "new"}
          contact={opened.contact}
          consents={opened.consents}
          knownTags={list.tags}
          onClose={closeContact}
        />
      ) : null}
      {importing ? (
        <ImportWizard knownTags={list.tags} onClose={() => setImporting(false)} />
      ) : null}
    </Stack>
  );
}

function ContactList({
  list,
  segments,
  onOpen,
}: {
  list: { rows: ContactRow[]; total: number; tags: string[]; query: ContactListQuery };
  segments: SegmentRow[];
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { query } = list;
  const filters = useListFilters(query.q);
  const { go } = filters;
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkTags, setBulkTags] = useState<string[]>([]);
  const bulk = useFetcher();
  const day = dateFormat(i18n.language, { dateStyle: "medium" });
  const number = new Intl.NumberFormat(i18n.language);
  const allOnPage = list.rows.length > 0 && list.rows.every((row) => selected.includes(row.id));
  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((one) => one !== id) : [...current, id],
    );
  const run = (intent: "addTags" | "removeTags" | "deleteContacts") => {
    void bulk.submit(
      intent === "deleteContacts"
        ? { intent, ids: selected }
        : { intent, ids: selected, tags: bulkTags },
      { method: "post", encType: "application/json" },
    );
    if (intent === "deleteContacts") setSelected([]);
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t("contacts.search")}
          aria-label={t("contacts.search")}
          value={filters.search}
          onChange={(event) => filters.setSearch(event.currentTarget.value)}
          w={{ base: "100%", sm: 260 }}
        />
        <Select
          aria-label={t("contacts.columns.status")}
          data={[
            { value: "all", label: t("contacts.status.all") },
            ...contactStatuses.map((value) => ({ value, label: t(`contacts.status.${value}`) })),
          ]}
          value={query.status}
          onChange={(value) => go({ status: value ?? "all", page: "1" })}
          allowDeselect={false}
          w={170}
        />
        <Select
          aria-label={t("contacts.columns.tags")}
          placeholder={t("contacts.anyTag")}
          data={list.tags}
          value={query.tag || null}
          onChange={(value) => go({ tag: value ?? "", page: "1" })}
          clearable
          searchable
          w={170}
        />
        <Select
          aria-label={t("contacts.segment")}
          placeholder={t("contacts.anySegment")}
          data={segments.map((segment) => ({ value: segment.id, label: segment.name }))}
          value={query.segment || null}
          onChange={(value) => go({ segment: value ?? "", page: "1" })}
          clearable
          w={200}
        />
      </Group>
      <Text size="sm" c="dimmed" data-testid="contacts-total">
        {t("contacts.total", { count: list.total, formatted: number.format(list.total) })}
      </Text>
      {selected.length > 0 ? (
        <Paper withBorder p="sm" radius="md">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Text size="sm" fw={500}>
              {t("contacts.bulk.selected", { count: selected.length })}
            </Text>
            <TagsInput
              aria-label={t("contacts.bulk.tags")}
              placeholder={t("contacts.bulk.tags")}
              data={list.tags}
              value={bulkTags}
              onChange={setBulkTags}
              w={240}
            />
            <Button size="xs" disabled={bulkTags.length === 0} onClick={() => run("addTags")}>
              {t("contacts.bulk.addTags")}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={bulkTags.length === 0}
              onClick={() => run("removeTags")}
            >
              {t("contacts.bulk.removeTags")}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => run("deleteContacts")}>
              {t("contacts.bulk.delete")}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {list.rows.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t(
            query.q || query.tag || query.segment || query.status !== "all"
              ? "contacts.noMatch"
              : "contacts.empty",
          )}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="contacts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t("contacts.bulk.selectPage")}
                    checked={allOnPage}
                    onChange={() => setSelected(allOnPage ? [] : list.rows.map((row) => row.id))}
                  />
                </Table.Th>
                <Table.Th>{t("contacts.columns.email")}</Table.Th>
                <Table.Th>{t("contacts.columns.status")}</Table.Th>
                <Table.Th>{t("contacts.columns.source")}</Table.Th>
                <Table.Th>{t("contacts.columns.tags")}</Table.Th>
                <Table.Th>{t("contacts.columns.added")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t("contacts.bulk.select", { email: row.email })}
                      checked={selected.includes(row.id)}
                      onChange={() => toggle(row.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      fw={500}
                      onClick={() => onOpen(row.id)}
                    >
                      {row.email}
                    </Anchor>
                    {row.name ? (
                      <Text size="xs" c="dimmed">
                        {row.name}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColour[row.status]}>
                      {t(`contacts.status.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{t(`contacts.source.${row.source}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {row.tags.slice(0, 4).map((tag) => (
                        <Badge key={tag} variant="default" size="sm">
                          {tag}
                        </Badge>
                      ))}
                      {row.tags.length > 4 ? (
                        <Text size="xs" c="dimmed">
                          +{row.tags.length - 4}
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{day.format(new Date(row.createdAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager total={list.total} perPage={CONTACTS_PER_PAGE} page={query.page} go={go} />
    </Stack>
  );
}
