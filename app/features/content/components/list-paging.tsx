import { Pagination } from "@mantine/core";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";

/**
 * The list's filters in the address: `go` changes some (a default value leaves the address),
 * and the search box's text goes there half a second after the last keystroke.
 */
export function useListFilters(q: string) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState(q);
  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value && value !== "all" && value !== "1") next.set(key, value);
      else next.delete(key);
    }
    void navigate(`?${next.toString()}`, { replace: true, preventScrollReset: true });
  };
  useEffect(() => {
    if (search === q) return;
    const timer = setTimeout(() => go({ q: search, page: "1" }), 500);
    return () => clearTimeout(timer);
  });
  return { go, search, setSearch };
}

/** The pager under a list, when there is more than one page. */
export function ListPager({
  total,
  perPage,
  page,
  go,
}: {
  total: number;
  perPage: number;
  page: number;
  go: ReturnType<typeof useListFilters>["go"];
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={(next) => go({ page: String(next) })}
      getControlProps={(control) => ({ "aria-label": t(`posts.list.pager.${control}`) })}
    />
  );
}
