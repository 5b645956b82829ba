import { Group, Pagination, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useQueryChange } from "./use-query-change";

/** What a pager needs of one page of a list. */
export type PageOfList = { total: number; page: number; pageSize: number };

/** How one screen's lists behave: what their controls close, how wide, their names. */
export type ListSettings = {
  /** The query key of the open drawer a search or a page turn closes (its row may leave). */
  closes: string;
  /** The search box's widest, in pixels. */
  searchWidth: number;
  /** The search box's test id, from the query key it writes (none without). */
  searchTestId?: (name: string) => string;
  /** The "N found" line's test id. */
  totalTestId: string;
  /** The group of the page buttons' names: previous, next, first, last, page. */
  pagesKey: string;
};

/** A screen's search box and pager, made once (at module level) with its settings. */
export function listControls(settings: ListSettings) {
  const { closes, searchWidth, searchTestId, totalTestId, pagesKey } = settings;

  /** A search box that applies a moment after the last key (back to page 1). */
  function SearchBox({
    value,
    label,
    name = "q",
  }: {
    value: string;
    label: string;
    /** The query key it writes. */
    name?: string;
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
        maw={searchWidth}
        type="search"
        data-testid={searchTestId?.(name)}
      />
    );
  }

  /** "N found" and the pages. */
  function Pager({ paged, totalKey }: { paged: PageOfList; totalKey: string }) {
    const { t } = useTranslation();
    const change = useQueryChange();
    const pages = Math.max(1, Math.ceil(paged.total / paged.pageSize));
    return (
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid={totalTestId}>
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

  return { SearchBox, Pager };
}
