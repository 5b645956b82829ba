import { useEffect, useRef, useState } from "react";
import { useFetchers, useLocation, useRevalidator } from "react-router";
import { useGroupSignal } from "~/features/realtime/realtime";
import type { GroupView } from "../group-shapes";
import { useGroupCommand } from "./group-words";

/** The least time between two readings of the page, however many signals come. */
export const LIVE_PAUSE_MS = 300;

/**
 * The feed as it changes (decision 064): a `group` signal for this group (or a reconnect, which
 * may have missed some) reads the page again, a burst of them at most once per pause. What the
 * viewer is writing stays: the forms keep their own state while the page reads again. While
 * one of the page's own commands travels, the reading waits for it: started in between, it
 * would cut short the command's own reading and hold its answer back.
 */
export function useLiveFeed(groupId: string) {
  const revalidator = useRevalidator();
  const fetchers = useFetchers();
  const busy = useRef(false);
  useEffect(() => {
    busy.current = fetchers.some((fetcher) => fetcher.state !== "idle");
  }, [fetchers]);
  const timer = useRef<number | undefined>(undefined);
  const last = useRef(0);
  const later = (wait: number) => {
    timer.current = window.setTimeout(() => {
      if (busy.current) return later(LIVE_PAUSE_MS);
      timer.current = undefined;
      last.current = Date.now();
      void revalidator.revalidate();
    }, wait);
  };
  useGroupSignal((signal) => {
    if (signal && signal.groupId !== groupId) return;
    if (timer.current !== undefined) return;
    later(Math.max(0, last.current + LIVE_PAUSE_MS - Date.now()));
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);
}

/**
 * A post named by the address (`#post-{id}`, where a mention's notification leads) is brought
 * into view once the page is drawn, and again when the address changes to another.
 */
export function usePostAnchor() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash.startsWith("#post-")) return;
    const frame = requestAnimationFrame(() =>
      document
        .getElementById(decodeURIComponent(hash.slice(1)))
        ?.scrollIntoView({ behavior: "smooth", block: "start" }),
    );
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}

/**
 * The feed is marked read when a member opens it with posts they have not seen, and again when
 * new ones arrive while it is open. The posts new to this visit stay marked while it lasts (the
 * answer's reload says none are).
 */
export function useReadMarks(group: GroupView) {
  const marker = useGroupCommand();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(
    () => new Set(group.feed.filter((post) => post.unread).map((post) => post.id)),
  );
  const arrived = group.feed.filter((post) => post.unread && !fresh.has(post.id));
  if (arrived.length > 0) setFresh(new Set([...fresh, ...arrived.map((post) => post.id)]));
  const member = group.mine?.status === "active";
  useEffect(() => {
    if (!member || group.unread === 0) return;
    void marker.send({ intent: "markRead", groupId: group.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when unread posts are (again) there
  }, [member, group.unread, group.id]);
  return (postId: string, unread: boolean) => unread || fresh.has(postId);
}
