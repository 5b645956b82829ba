import { Group, Pagination, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryChange } from "./use-query-change";

/** What a pager needs of one page of a list. */
export type PageOfList = { total: number; page: number; pageSize: number };

/**
 * A list's search box: it applies a moment after the last key, back to page 1, and closes the
 * open drawer (the query key `closes`: its row may leave the list).
 */
export function SearchBox({
  value,
  label,
  name = "q",
  closes,
  maxWidth,
  testId,
}: {
  value: string;
  label: string;
  /** The query key it writes. */
  name?: string;
  closes: string;
  maxWidth: number;
  testId?: string;
}) {
  const change = useQueryChange();
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(
      () => change({ [name]: text.trim(), page: null, [closes]: null }, { replace: true }),
      350,
    );
    return () => clearTimeout(timer);
  });
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      placeholder={label}
      aria-label={label}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      w="100%"
      maw={maxWidth}
      type="search"
      data-testid={testId}
    />
  );
}

/**
 * "N found" and the pages; turning a page closes the open drawer (the query key `closes`). The
 * page buttons' names are the texts under `pagesKey` (previous, next, first, last, page).
 */
export function Pager({
  paged,
  totalKey,
  pagesKey,
  closes,
  testId,
}: {
  paged: PageOfList;
  totalKey: string;
  pagesKey: string;
  closes: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const change = useQueryChange();
  const pages = Math.max(1, Math.ceil(paged.total / paged.pageSize));
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid={testId}>
        {t(totalKey, { total: paged.total })}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(paged.page, pages)}
          onChange={(page) => change({ page: page === 1 ? null : String(page), [closes]: null })}
          size="sm"
          getControlProps={(control) => ({ "aria-label": t(`${pagesKey}.${control}`) })}
          getItemProps={(page) => ({ "aria-label": t(`${pagesKey}.page`, { page }) })}
        />
      ) : null}
    </Group>
  );
}
