import {
  Badge,
  Button,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useSearchParams } from "react-router";
import type { GradebookCell, GradebookPage } from "../model";
import { gradebookSorts, type GradebookSort } from "../validation";

function Cell({ cell }: { cell: GradebookCell | undefined }) {
  const { t } = useTranslation();
  if (!cell)
    return (
      <Text size="sm" c="dimmed" aria-label={t("courseReports.gradebook.notAttempted")}>
        —
      </Text>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Group gap={4} wrap="wrap" miw={140}>
        <Text size="sm" fw={600}>
          {cell.best === null ? "—" : `${cell.best}%`}
        </Text>
        {cell.best !== null ? (
          <Badge size="xs" color={cell.passed ? "green.9" : "red.9"} variant="filled">
            {t(cell.passed ? "courseReports.gradebook.passed" : "courseReports.gradebook.failed")}
          </Badge>
        ) : null}
        {cell.pending ? (
          <Badge size="xs" color="orange.9" variant="filled">
            {t("courseReports.gradebook.pending")}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t("courseReports.gradebook.attempts", { count: cell.attempts })}
      </Text>
    </Stack>
  );
}

/**
 * M1 the gradebook: students as rows (progress, completion, last activity) and the course's
 * quizzes as columns (best percent, passed, awaiting grading, attempts); sorted, searched and
 * paged by the server; the CSV has every row of the search.
 */
export function Gradebook({ gradebook, lang }: { gradebook: GradebookPage; lang: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { query, rows, quizzes, total, pageSize } = gradebook;
  const [search, setSearch] = useState(query.q);
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium" });
  const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });

  // Changes made while the last one is still loading build on it, so two quick clicks both stay.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(pending.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    pending.current = next;
    setParams(next, { preventScrollReset: true });
  };
  // Searching as one types, a moment after the last key.
  useEffect(() => {
    if (search.trim() === query.q) return;
    const timer = setTimeout(() => go({ q: search.trim(), page: null }), 350);
    return () => clearTimeout(timer);
  });

  const csvHref = `/dashboard/course/${gradebook.course.id}/gradebook.csv?${new URLSearchParams({
    ...(query.q ? { q: query.q } : {}),
    sort: query.sort,
    dir: query.dir,
  })}`;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Stack gap="md" data-testid="gradebook">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t("courseReports.gradebook.search")}
          aria-label={t("courseReports.gradebook.search")}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={320}
          w="100%"
        />
        <Button
          component="a"
          href={csvHref}
          download
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t("courseReports.gradebook.exportCsv")}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Text size="sm" id="gradebook-sort">
          {t("courseReports.gradebook.sortBy")}
        </Text>
        <SegmentedControl
          aria-labelledby="gradebook-sort"
          size="xs"
          value={query.sort}
          onChange={(value) => go({ sort: value as GradebookSort, page: null })}
          data={gradebookSorts.map((sort) => ({
            value: sort,
            label: t(`courseReports.gradebook.sort.${sort}`),
          }))}
        />
        <SegmentedControl
          aria-label={t("courseReports.gradebook.direction")}
          size="xs"
          value={query.dir}
          onChange={(value) => go({ dir: value, page: null })}
          data={[
            { value: "asc", label: t("courseReports.gradebook.ascending") },
            { value: "desc", label: t("courseReports.gradebook.descending") },
          ]}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t("courseReports.gradebook.total", { count: total })}
        </Text>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{t("courseReports.gradebook.empty")}</Text>
      ) : (
        <ScrollArea
          type="auto"
          offsetScrollbars
          viewportProps={{
            tabIndex: 0,
            role: "region",
            "aria-label": t("courseReports.gradebook.caption"),
          }}
        >
          <Table striped highlightOnHover withTableBorder miw={520 + quizzes.length * 150}>
            <Table.Caption>
              <VisuallyHidden>{t("courseReports.gradebook.caption")}</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("courseReports.gradebook.student")}</Table.Th>
                <Table.Th scope="col">{t("courseReports.gradebook.progress")}</Table.Th>
                <Table.Th scope="col">{t("courseReports.gradebook.completed")}</Table.Th>
                <Table.Th scope="col">{t("courseReports.gradebook.lastActivity")}</Table.Th>
                {quizzes.map((quiz) => (
                  <Table.Th scope="col" key={quiz.id}>
                    <Tooltip label={quiz.title} disabled={quiz.title.length < 24}>
                      <Text size="sm" fw={700} lineClamp={2} maw={150}>
                        {quiz.title}
                      </Text>
                    </Tooltip>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.userId}>
                  <Table.Th scope="row" fw={500}>
                    <Text size="sm" fw={600}>
                      {row.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.email}
                    </Text>
                  </Table.Th>
                  <Table.Td>{row.progress}%</Table.Td>
                  <Table.Td>
                    {row.completedAt ? date.format(new Date(row.completedAt)) : "—"}
                  </Table.Td>
                  <Table.Td>
                    {row.lastActivityAt ? dateTime.format(new Date(row.lastActivityAt)) : "—"}
                  </Table.Td>
                  {quizzes.map((quiz) => (
                    <Table.Td key={quiz.id}>
                      <Cell cell={row.cells[quiz.id]} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={query.page}
          onChange={(page) => go({ page: page === 1 ? null : String(page) })}
          getControlProps={(control) => ({
            "aria-label": t(`courseReports.gradebook.pageControl.${control}`),
          })}
          getItemProps={(page) => ({
            "aria-label": t("courseReports.gradebook.pageNumber", { page }),
          })}
        />
      ) : null}
    </Stack>
  );
}
