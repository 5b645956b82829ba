import {
  Anchor,
  Button,
  Group,
  Input,
  Pagination,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useSearchParams } from "react-router";
import { ticketCategories, ticketStatuses } from "../ticket-shapes";
import { ticketPath, type TicketsScreen, type TicketSummary } from "../ticket-views";
import { assignedFilters } from "../validation";
import { NewTicketForm } from "./new-ticket-form";
import { dateTimeIn, TicketStatusBadge } from "./ticket-parts";

/** Changes to the screen's query; changes made while the last one loads build on it. */
function useQueryChange() {
  const [params, setParams] = useSearchParams();
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  return (changes: Record<string, string | null>, { replace = false } = {}) => {
    const next = new URLSearchParams(pending.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    pending.current = next;
    setParams(next, { preventScrollReset: true, replace });
  };
}

/** The search box applies a moment after the last key (back to page 1). */
function SearchBox({ value, label }: { value: string; label: string }) {
  const change = useQueryChange();
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => change({ q: text.trim(), page: null }, { replace: true }), 350);
    return () => clearTimeout(timer);
  });
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      label={label}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      type="search"
    />
  );
}

function TicketTable({ screen, lang }: { screen: TicketsScreen; lang: string }) {
  const { t } = useTranslation();
  const date = dateTimeIn(lang);
  const desk = screen.view === "desk";
  const rows = screen.tickets.rows;
  if (rows.length === 0)
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" data-testid="tickets-empty">
          {t(desk ? "tickets.list.emptyDesk" : "tickets.list.empty")}
        </Text>
      </Paper>
    );
  const cell = (ticket: TicketSummary) => (
    <Anchor component={Link} to={ticketPath(ticket.id, screen.view)} fw={600}>
      {ticket.subject}
    </Anchor>
  );
  return (
    <>
      {/* Narrow screens: a card per ticket, its status in sight. */}
      <Stack
        gap="xs"
        hiddenFrom="sm"
        component="ul"
        style={{ listStyle: "none", margin: 0, padding: 0 }}
      >
        {rows.map((ticket) => (
          <Paper
            key={ticket.id}
            withBorder
            radius="md"
            p="sm"
            component="li"
            data-testid="ticket-card"
          >
            <Text size="xs" c="dimmed">
              {[
                `#${ticket.number}`,
                t(`tickets.categories.${ticket.category}`),
                ...(desk ? [ticket.site.name] : []),
              ].join(" · ")}
            </Text>
            {cell(ticket)}
            <Group justify="space-between" gap="xs" mt={6} wrap="wrap">
              <TicketStatusBadge status={ticket.status} />
              <Text size="xs" c="dimmed">
                {date(ticket.updatedAt)}
              </Text>
            </Group>
            {desk ? (
              <Text size="xs" c="dimmed" mt={4}>
                {t("tickets.desk.assignee")}:{" "}
                {ticket.assignee?.name ?? t("tickets.desk.unassigned")}
              </Text>
            ) : null}
          </Paper>
        ))}
      </Stack>
      <ScrollArea
        visibleFrom="sm"
        type="auto"
        offsetScrollbars
        viewportProps={{ tabIndex: 0, role: "region", "aria-label": t("tickets.list.caption") }}
      >
        <Table
          striped
          highlightOnHover
          withTableBorder
          miw={desk ? 880 : 640}
          data-testid="tickets-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("tickets.list.number")}</Table.Th>
              <Table.Th scope="col">{t("tickets.list.status")}</Table.Th>
              {desk ? <Table.Th scope="col">{t("tickets.list.site")}</Table.Th> : null}
              <Table.Th scope="col">{t("tickets.fields.category")}</Table.Th>
              {desk ? <Table.Th scope="col">{t("tickets.desk.assignee")}</Table.Th> : null}
              <Table.Th scope="col">{t("tickets.list.updated")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((ticket) => (
              <Table.Tr key={ticket.id} data-testid="ticket-row">
                <Table.Td maw={360}>
                  <Text size="xs" c="dimmed">
                    #{ticket.number}
                  </Text>
                  {cell(ticket)}
                </Table.Td>
                <Table.Td>
                  <TicketStatusBadge status={ticket.status} />
                </Table.Td>
                {desk ? (
                  <Table.Td>
                    <Text size="sm">{ticket.site.name}</Text>
                    <Text size="xs" c="dimmed">
                      {ticket.site.slug}
                    </Text>
                  </Table.Td>
                ) : null}
                <Table.Td>{t(`tickets.categories.${ticket.category}`)}</Table.Td>
                {desk ? (
                  <Table.Td>
                    {ticket.assignee ? (
                      ticket.assignee.name
                    ) : (
                      <Text size="sm" c="dimmed" component="span">
                        {t("tickets.desk.unassigned")}
                      </Text>
                    )}
                  </Table.Td>
                ) : null}
                <Table.Td style={{ whiteSpace: "nowrap" }}>{date(ticket.updatedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}

function Filters({ screen }: { screen: TicketsScreen }) {
  const { t } = useTranslation();
  const change = useQueryChange();
  const { filters } = screen;
  const desk = screen.view === "desk";
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: desk ? 4 : 2 }} spacing="sm">
        <Select
          label={t("tickets.list.status")}
          placeholder={t("tickets.list.anyStatus")}
          data={ticketStatuses.map((value) => ({ value, label: t(`tickets.status.${value}`) }))}
          value={filters.status}
          onChange={(value) => change({ status: value, page: null })}
          clearable
        />
        {desk ? (
          <Select
            label={t("tickets.fields.category")}
            placeholder={t("tickets.list.anyCategory")}
            data={ticketCategories.map((value) => ({
              value,
              label: t(`tickets.categories.${value}`),
            }))}
            value={filters.category}
            onChange={(value) => change({ category: value, page: null })}
            clearable
          />
        ) : null}
        <SearchBox
          key={filters.q}
          value={filters.q}
          label={t(desk ? "tickets.desk.search" : "tickets.list.search")}
        />
        {desk ? (
          <Stack gap={4}>
            <Input.Label id="assigned-filter">{t("tickets.desk.assigned")}</Input.Label>
            <SegmentedControl
              aria-labelledby="assigned-filter"
              data={assignedFilters.map((value) => ({
                value,
                label: t(`tickets.desk.assignedFilter.${value}`),
              }))}
              value={filters.assigned}
              onChange={(value) => change({ assigned: value === "any" ? null : value, page: null })}
            />
          </Stack>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /dashboard/tickets: the owner's tickets with a new ticket's form, or the platform's queue
 * across every site for super-admins; one who also owns this site switches between the two.
 */
export function TicketsScreenView({ screen, lang }: { screen: TicketsScreen; lang: string }) {
  const { t } = useTranslation();
  const change = useQueryChange();
  const [opening, setOpening] = useState(false);
  const desk = screen.view === "desk";
  const { tickets } = screen;
  const pages = Math.max(1, Math.ceil(tickets.total / tickets.pageSize));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{t(desk ? "tickets.desk.title" : "tickets.site.title")}</Title>
          <Text c="dimmed" mt={4}>
            {t(desk ? "tickets.desk.intro" : "tickets.site.intro")}
          </Text>
        </div>
        {desk ? null : (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpening(true)}>
            {t("tickets.site.new")}
          </Button>
        )}
      </Group>
      {screen.views.length > 1 ? (
        <SegmentedControl
          w="fit-content"
          aria-label={t("tickets.views.label")}
          data={screen.views.map((value) => ({ value, label: t(`tickets.views.${value}`) }))}
          value={screen.view}
          onChange={(value) =>
            change({
              view: value,
              status: null,
              category: null,
              assigned: null,
              q: null,
              page: null,
            })
          }
        />
      ) : null}
      <Filters screen={screen} />
      <TicketTable screen={screen} lang={lang} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="tickets-total">
          {t("tickets.list.total", { total: tickets.total })}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(tickets.page, pages)}
            onChange={(page) => change({ page: page === 1 ? null : String(page) })}
            size="sm"
            getControlProps={(control) => ({ "aria-label": t(`tickets.list.pages.${control}`) })}
            getItemProps={(page) => ({ "aria-label": t("tickets.list.pages.page", { page }) })}
          />
        ) : null}
      </Group>
      {desk ? null : <NewTicketForm opened={opening} onClose={() => setOpening(false)} />}
    </Stack>
  );
}
