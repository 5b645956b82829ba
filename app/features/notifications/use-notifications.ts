import { useCallback, useEffect, useState } from "react";
import { useNotificationSignal } from "~/features/realtime/realtime";
import type {
  NotificationHistory,
  NotificationItem,
  NotificationType,
  UnreadNotifications,
} from "./validation";

const empty: UnreadNotifications = { items: [], unread: { total: 0, chat: 0, other: 0 } };

async function getJson<T>(path: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(path, { signal, headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function postJson(path: string, body: unknown): Promise<void> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
}

export type UnreadState = {
  items: NotificationItem[];
  unread: UnreadNotifications["unread"];
  status: "loading" | "ready" | "failed";
  refresh: () => void;
  /** A click: the item leaves the list at once, the server marks it read. */
  markRead: (item: NotificationItem) => Promise<void>;
  markAllRead: () => Promise<void>;
};

/**
 * D11 in the browser: the unread notifications of one bell (`chat`, `other`) or both, fetched
 * on mount and again on every realtime `notification` broadcast (no reload needed).
 */
export function useUnreadNotifications(type: NotificationType | "all"): UnreadState {
  const [data, setData] = useState<UnreadNotifications>(empty);
  const [status, setStatus] = useState<UnreadState["status"]>("loading");
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((n) => n + 1), []);

  useEffect(() => {
    // A newer fetch aborts an older one: an older answer never replaces a newer.
    const controller = new AbortController();
    getJson<UnreadNotifications>(`/api/notifications?type=${type}`, controller.signal)
      .then((fresh) => {
        setData(fresh);
        setStatus("ready");
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus("failed");
      });
    return () => controller.abort();
  }, [type, version]);

  useNotificationSignal((signal) => {
    if (type === "all" || signal.type === type || signal.id === "*") refresh();
  });

  const markRead = useCallback(
    async (item: NotificationItem) => {
      setData((current) => {
        const unread = { ...current.unread, total: Math.max(0, current.unread.total - 1) };
        unread[item.type] = Math.max(0, unread[item.type] - 1);
        return { items: current.items.filter((other) => other.id !== item.id), unread };
      });
      await postJson("/api/notifications/read", { source: item.source, id: item.id }).catch(
        () => undefined,
      );
      refresh();
    },
    [refresh],
  );

  const markAllRead = useCallback(async () => {
    const types: NotificationType[] = type === "all" ? ["chat", "other"] : [type];
    for (const one of types)
      await postJson("/api/notifications/read-all", { type: one }).catch(() => undefined);
    refresh();
  }, [type, refresh]);

  return { items: data.items, unread: data.unread, status, refresh, markRead, markAllRead };
}

/**
 * The chat bell's state. The chat list calls `markAllRead` when it opens (spec §4: opening the
 * chat list marks every chat notification read).
 */
export function useUnreadChat(): UnreadState {
  return useUnreadNotifications("chat");
}

/** The newest page over the pages already shown: fresh copies first, older ones kept. */
export function mergeNewest(
  current: NotificationItem[],
  fresh: NotificationItem[],
): NotificationItem[] {
  const ids = new Set(fresh.map((item) => item.id));
  const oldest = fresh.at(-1)?.createdAt;
  const rest = current.filter(
    (item) => !ids.has(item.id) && (oldest === undefined || item.createdAt < oldest),
  );
  return [...fresh, ...rest];
}

type PageRequest = { before: string | null; merge: boolean; n: number };

/** D11 history page: pages of read and unread notifications, refreshed on broadcasts. */
export function useNotificationHistory(pageSize = 30) {
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [request, setRequest] = useState<PageRequest>({ before: null, merge: false, n: 0 });

  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams({ limit: String(pageSize) });
    if (request.before) query.set("before", request.before);
    getJson<NotificationHistory>(`/api/notifications/history?${query}`, controller.signal)
      .then((page) => {
        if (request.merge) {
          // Something changed: the newest page again, merged over what is already shown.
          setItems((current) => mergeNewest(current, page.items));
        } else {
          setItems((current) => (request.before ? [...current, ...page.items] : page.items));
          setNextBefore(page.nextBefore);
        }
        setStatus("ready");
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus("failed");
      });
    return () => controller.abort();
  }, [request, pageSize]);

  useNotificationSignal(() =>
    setRequest((current) => ({ before: null, merge: true, n: current.n + 1 })),
  );

  const loadMore = useCallback(() => {
    setStatus("loading");
    setRequest((current) => ({ before: nextBefore, merge: false, n: current.n + 1 }));
  }, [nextBefore]);

  const markRead = useCallback(async (item: NotificationItem) => {
    setItems((current) =>
      current.map((other) => (other.id === item.id ? { ...other, read: true } : other)),
    );
    await postJson("/api/notifications/read", { source: item.source, id: item.id }).catch(
      () => undefined,
    );
  }, []);

  return { items, status, hasMore: nextBefore !== null, loadMore, markRead };
}
