/**
 * D17: the gamification overlay's messages ("+10 points", "Badge earned"). Any part of the app
 * adds one (or dispatches the `lyceum:gamification` window event); each hides after its
 * duration, 5000 ms unless it says otherwise.
 */
export const DEFAULT_OVERLAY_MS = 5000;
export const GAMIFICATION_EVENT = "lyceum:gamification";

export type GamificationMessage = {
  id: number;
  title: string;
  text?: string;
  points?: number;
  duration: number;
};

type Listener = (messages: GamificationMessage[]) => void;

export function createOverlayStore(timers: Pick<typeof globalThis, "setTimeout"> = globalThis) {
  let messages: GamificationMessage[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener(messages));
  return {
    add(input: { title: string; text?: string; points?: number; duration?: number }) {
      const message = { ...input, id: nextId++, duration: input.duration ?? DEFAULT_OVERLAY_MS };
      messages = [...messages, message];
      emit();
      timers.setTimeout(() => {
        messages = messages.filter((entry) => entry.id !== message.id);
        emit();
      }, message.duration);
      return message.id;
    },
    current: () => messages,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const overlayStore = createOverlayStore();

/** For code outside React (realtime events, other features): one call shows a message. */
export function addGamificationMessage(input: Parameters<typeof overlayStore.add>[0]) {
  return overlayStore.add(input);
}
