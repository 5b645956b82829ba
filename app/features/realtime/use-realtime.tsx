import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { describeDevice } from "~/features/analytics/analytics";
import {
  closeCodes,
  DEVICE_ID_KEY,
  ONLINE_USERS,
  onlineMembers,
  REALTIME_PATH,
  type ConversationSignal,
  type GroupSignal,
  type NotificationSignal,
  type PresenceEntry,
  type ServerMessage,
} from "./protocol";
import { SingleSessionToast } from "./components/single-session-toast";

export type RealtimeStatus = "idle" | "connecting" | "open" | "closed" | "signedOut";

export type Realtime = {
  status: RealtimeStatus;
  /** Every joined connection (tab) of the account's members, this one included. */
  presence: PresenceEntry[];
  /** The people behind them, each once. */
  members: PresenceEntry["user"][];
  onlineCount: number;
  /** Calls `handler` on each `notification` broadcast (and after a reconnect); returns unsubscribe. */
  onNotification: (handler: (signal: NotificationSignal) => void) => () => void;
  /** The same for `conversation` broadcasts (issue 35 messages). */
  onConversation: (handler: (signal: ConversationSignal) => void) => () => void;
  /** The same for `group` broadcasts (issue 35 group feeds); also called after a reconnect. */
  onGroup: (handler: (signal: GroupSignal | null) => void) => () => void;
};

const idle: Realtime = {
  status: "idle",
  presence: [],
  members: [],
  onlineCount: 0,
  onNotification: () => () => {},
  onConversation: () => () => {},
  onGroup: () => () => {},
};

const RealtimeContext = createContext<Realtime>(idle);

/**
 * This browser's device id (spec §3 local storage key `device_id`), made once. Where storage is
 * refused (some private modes) the id lasts as long as the page.
 */
export function deviceIdOf(storage: Pick<Storage, "getItem" | "setItem">): string {
  const made = crypto.randomUUID().replace(/-/g, "");
  try {
    const stored = storage.getItem(DEVICE_ID_KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
    storage.setItem(DEVICE_ID_KEY, made);
  } catch {
    // No storage: a fresh id for this page.
  }
  return made;
}

/** Reconnect delay after `attempt` failures: 1 s doubling to 30 s, with jitter. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  return Math.min(30_000, 1_000 * 2 ** attempt) * (0.75 + random() * 0.5);
}

/** Applies one server message to the presence map (keyed by entry); true when it changed. */
export function applyPresence(map: Map<string, PresenceEntry>, message: ServerMessage): boolean {
  if (message.type === "presence_state") {
    map.clear();
    for (const entry of message.entries) map.set(entry.key, entry);
    return true;
  }
  if (message.type === "presence_diff") {
    for (const entry of message.joins) map.set(entry.key, entry);
    for (const key of message.leaves) map.delete(key);
    return true;
  }
  return false;
}

/** `window.localStorage` itself throws where storage is refused. */
function storageOf(win: Window): Pick<Storage, "getItem" | "setItem"> {
  try {
    return win.localStorage;
  } catch {
    return { getItem: () => null, setItem: () => {} };
  }
}

function socketUrl(location: Location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${REALTIME_PATH}`;
}

/**
 * One realtime connection per page (D12): mount it once around the signed-in dashboard. It
 * joins `onlineUsers` with this browser's device id, keeps the account's presence, passes
 * `notification` broadcasts on, reconnects with backoff, and when the server signs this
 * device out (D13 single session) shows the translated toast and goes home.
 */
export function RealtimeProvider({
  children,
  enabled = true,
}: {
  children: ReactNode;
  enabled?: boolean;
}) {
  const [status, setStatus] = useState<RealtimeStatus>("idle");
  const [presence, setPresence] = useState<PresenceEntry[]>([]);
  const listeners = useRef(new Set<(signal: NotificationSignal) => void>());
  const conversationListeners = useRef(new Set<(signal: ConversationSignal) => void>());
  const groupListeners = useRef(new Set<(signal: GroupSignal | null) => void>());

  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    const entries = new Map<string, PresenceEntry>();
    let socket: WebSocket | undefined;
    let attempt = 0;
    let retry: number | undefined;
    let stopped = false;
    let connectedBefore = false;
    const emit = (signal: NotificationSignal) => {
      for (const listener of listeners.current) listener(signal);
    };

    function connect() {
      setStatus("connecting");
      const ws = new WebSocket(socketUrl(window.location));
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        setStatus("open");
        ws.send(
          JSON.stringify({
            type: "join",
            channel: ONLINE_USERS,
            device_id: deviceIdOf(storageOf(window)),
            info: describeDevice(navigator, window.screen),
          }),
        );
        // Whatever was broadcast while disconnected was missed: listeners fetch again.
        if (connectedBefore) {
          emit({ source: "member", type: "other", id: "*" });
          for (const listener of groupListeners.current) listener(null);
        }
        connectedBefore = true;
      };
      ws.onmessage = (event) => {
        let message: ServerMessage;
        try {
          message = JSON.parse(String(event.data)) as ServerMessage;
        } catch {
          return;
        }
        if (applyPresence(entries, message)) setPresence([...entries.values()]);
        if (message.type === "broadcast") {
          if (message.event === "conversation")
            for (const listener of conversationListeners.current) listener(message.payload);
          else if (message.event === "group")
            for (const listener of groupListeners.current) listener(message.payload);
          else emit(message.payload);
        }
        if (message.type === "signed_out") {
          stopped = true;
          setStatus("signedOut");
        }
      };
      ws.onclose = (event) => {
        if (socket !== ws) return;
        entries.clear();
        setPresence([]);
        if (stopped || event.code === closeCodes.signedOut) {
          if (event.code === closeCodes.signedOut) setStatus("signedOut");
          return;
        }
        setStatus("closed");
        retry = window.setTimeout(connect, reconnectDelay(attempt++));
      };
    }

    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      socket?.close(1000);
      socket = undefined;
    };
  }, [enabled]);

  const onNotification = useCallback((handler: (signal: NotificationSignal) => void) => {
    listeners.current.add(handler);
    return () => void listeners.current.delete(handler);
  }, []);

  const onConversation = useCallback((handler: (signal: ConversationSignal) => void) => {
    conversationListeners.current.add(handler);
    return () => void conversationListeners.current.delete(handler);
  }, []);

  const onGroup = useCallback((handler: (signal: GroupSignal | null) => void) => {
    groupListeners.current.add(handler);
    return () => void groupListeners.current.delete(handler);
  }, []);

  const value = useMemo<Realtime>(() => {
    const members = onlineMembers(presence);
    return {
      status,
      presence,
      members,
      onlineCount: members.length,
      onNotification,
      onConversation,
      onGroup,
    };
  }, [status, presence, onNotification, onConversation, onGroup]);

  return (
    <RealtimeContext.Provider value={value}>
      {children}
      {status === "signedOut" ? <SingleSessionToast /> : null}
    </RealtimeContext.Provider>
  );
}

/** The page's realtime state; outside a RealtimeProvider, an idle one. */
export function useRealtime(): Realtime {
  return useContext(RealtimeContext);
}

/** Runs `handler` on every `notification` broadcast while mounted. */
export function useNotificationSignal(handler: (signal: NotificationSignal) => void) {
  const { onNotification } = useRealtime();
  const onSignal = useEffectEvent(handler);
  useEffect(() => onNotification((signal) => onSignal(signal)), [onNotification]);
}

/** Runs `handler` on every `conversation` broadcast while mounted (issue 35 messages). */
export function useConversationSignal(handler: (signal: ConversationSignal) => void) {
  const { onConversation } = useRealtime();
  const onSignal = useEffectEvent(handler);
  useEffect(() => onConversation((signal) => onSignal(signal)), [onConversation]);
}

/** Runs `handler` on every `group` broadcast (null: after a reconnect) while mounted. */
export function useGroupSignal(handler: (signal: GroupSignal | null) => void) {
  const { onGroup } = useRealtime();
  const onSignal = useEffectEvent(handler);
  useEffect(() => onGroup((signal) => onSignal(signal)), [onGroup]);
}
