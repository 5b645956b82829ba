import { Group, Pagination, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Paged } from "../console-views";
import { useQueryChange } from "~/ui/use-query-change";

/** A search box that applies a moment after the last key (back to page 1). */
export function SearchBox({
  value,
  label,
  name = "q",
}: {
  value: string;
  label: string;
  name?: string;
}) {
  const change = useQueryChange();
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(
      () => change({ [name]: text.trim(), page: null, account: null }, { replace: true }),
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
      maw={420}
      type="search"
      data-testid={`console-search-${name}`}
    />
  );
}

/** "N found" and the pages (25 a page). */
export function Pager({ paged, totalKey }: { paged: Paged<unknown>; totalKey: string }) {
  const { t } = useTranslation();
  const change = useQueryChange();
  const pages = Math.max(1, Math.ceil(paged.total / paged.pageSize));
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="console-total">
        {t(totalKey, { total: paged.total })}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(paged.page, pages)}
          onChange={(page) => change({ page: page === 1 ? null : String(page), account: null })}
          size="sm"
          getControlProps={(control) => ({ "aria-label": t(`console.pages.${control}`) })}
          getItemProps={(page) => ({ "aria-label": t("console.pages.page", { page }) })}
        />
      ) : null}
    </Group>
  );
}

/** Dates as the reader writes them (UTC, as the server stored them). */
export function dateIn(lang: string, withTime = false) {
  const format = new Intl.DateTimeFormat(lang, {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
    timeZone: "UTC",
  });
  return (iso: string) => (iso ? format.format(new Date(iso)) : "—");
}
