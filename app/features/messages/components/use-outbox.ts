import { useEffect, useRef, useState } from "react";
import type { MessageAttachment } from "../message-shapes";
import { useMessageCommand, useRefusal } from "./message-words";

export type Draft = { key: number; body: string; attachments: MessageAttachment[] };

/**
 * The open conversation's outgoing messages, sent one after another: a message written while
 * the one before is still on its way waits its turn (shown at once, as being sent) instead of
 * being refused. A refused message, and those behind it, come back to the writer's box.
 */
export function useOutbox(conversationId: string) {
  const command = useMessageCommand();
  const refusal = useRefusal(command.answer);
  const [waiting, setWaiting] = useState<Draft[]>([]);
  const [returned, setReturned] = useState<Draft[]>([]);
  const next = useRef(0);
  const sentKey = useRef<number | null>(null);

  const [handled, setHandled] = useState(command.answer);
  if (command.answer !== handled) {
    setHandled(command.answer);
    if (command.answer?.ok) setWaiting((line) => line.slice(1));
    else if (command.answer) {
      setReturned(waiting);
      setWaiting([]);
    }
  }

  const head = waiting[0];
  useEffect(() => {
    if (!head || command.busy || sentKey.current === head.key) return;
    sentKey.current = head.key;
    const { body, attachments } = head;
    void command.send({ intent: "send", conversationId, body, attachments });
  }, [head, command, conversationId]);

  return {
    /** Messages sent or waiting their turn, oldest first. */
    waiting,
    /** Messages refused (with those behind them), for the box to take back. */
    returned,
    refusal: waiting.length > 0 ? null : refusal,
    post: (body: string, attachments: MessageAttachment[]) => {
      next.current += 1;
      setWaiting((line) => [...line, { key: next.current, body, attachments }]);
    },
  };
}
