import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useConversationSignal } from "~/features/realtime/realtime";
import { TYPING_SHOWS_MS } from "../message-shapes";

type Typing = { conversationId: string; userId: string; at: number };

/**
 * The screen kept live: a message or a read mark in one of the viewer's conversations fetches the
 * page again (the list's order and counts, the open thread, its "Seen" marks); someone typing in
 * the open conversation is shown for a few seconds. Returns who types there now.
 */
export function useLiveMessages(openId: string | null, me: string): string | null {
  const revalidator = useRevalidator();
  const [typing, setTyping] = useState<Typing | null>(null);

  useConversationSignal((signal) => {
    if (signal.kind === "typing") {
      if (signal.userId !== me)
        setTyping({ conversationId: signal.conversationId, userId: signal.userId, at: Date.now() });
      return;
    }
    // The viewer's own read mark in the open conversation was sent from here, and fetched again.
    if (signal.kind === "read" && signal.userId === me && signal.conversationId === openId) return;
    if (signal.kind === "message")
      setTyping((now) =>
        now?.conversationId === signal.conversationId && now.userId === signal.userId ? null : now,
      );
    void revalidator.revalidate();
  });

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), TYPING_SHOWS_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  return typing && typing.conversationId === openId ? typing.userId : null;
}
