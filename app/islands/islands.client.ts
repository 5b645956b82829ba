// The whole script of a public page (decision 048): it wakes each island when it is needed and
// runs the page's small always-on behaviours (enhancers.ts). React and an island's own code are
// downloaded only when a visitor reaches for that island.
import { runEnhancers } from "./enhancers";
import { islandLoaders } from "./registry";

type Replay =
  | { type: "click" | "hover" | "focus" | "submit"; target: Element }
  | { type: "key"; target: Element; init: KeyboardEventInit };

const woken = new WeakSet<HTMLElement>();
const live = new WeakSet<HTMLElement>();
const replays = new WeakMap<HTMLElement, Replay>();

function storedValue(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Sends the interaction that woke an island again, now that its handlers exist. */
function replay(element: HTMLElement) {
  const last = replays.get(element);
  replays.delete(element);
  if (!last || !last.target.isConnected) return;
  const { target } = last;
  if (last.type === "click") {
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  } else if (last.type === "submit") {
    if (target instanceof HTMLFormElement) target.requestSubmit();
  } else if (last.type === "key") {
    // Mantine's hotkeys listen on <html>.
    document.documentElement.dispatchEvent(new KeyboardEvent("keydown", last.init));
  } else if (last.type === "hover") {
    // Only where the pointer still is: a menu must not open behind a visitor who moved on.
    if (!target.matches(":hover")) return;
    // React builds onMouseEnter from mouseover; floating-ui listens for enter and move on its
    // reference element. Enter events do not bubble: each element down to the target gets one.
    target.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    target.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    const entered: Element[] = [];
    for (let node: Element | null = target; node && node !== element; node = node.parentElement)
      entered.unshift(node);
    for (const node of entered) {
      node.dispatchEvent(new PointerEvent("pointerenter"));
      node.dispatchEvent(new MouseEvent("mouseenter"));
    }
    target.dispatchEvent(new MouseEvent("mousemove", { bubbles: true }));
  } else if (document.activeElement === target) {
    target.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    target.dispatchEvent(new FocusEvent("focus"));
  }
}

function wake(element: HTMLElement) {
  if (woken.has(element)) return;
  woken.add(element);
  const name = element.dataset.island ?? "";
  const load = islandLoaders[name];
  if (!load) {
    console.warn(`island ${name}: no loader in registry.ts`);
    return;
  }
  const props = JSON.parse(element.dataset.props ?? "{}") as Record<string, unknown>;
  void Promise.all([load(), import("./hydrate-island")]).then(([definition, { hydrateIsland }]) =>
    hydrateIsland({
      element,
      id: Number(element.dataset.islandId),
      definition,
      props,
      onHydrated: () => {
        live.add(element);
        element.dataset.islandLive = "true";
        // After the island's own effects (Mantine's targets measure themselves in theirs).
        requestAnimationFrame(() => replay(element));
      },
    }),
  );
}

function watch(element: HTMLElement) {
  const trigger = element.dataset.trigger ?? "interaction";
  const storedKeys = trigger.startsWith("stored:") ? trigger.slice(7).split(",") : [];
  if (trigger === "load" || storedKeys.some((key) => storedValue(key))) {
    wake(element);
    return;
  }
  if (storedKeys.length > 0) {
    // Another tab wrote it (the cart filled elsewhere): this page's island follows from now on.
    const onStorage = (event: StorageEvent) => {
      if (!event.key || !storedKeys.includes(event.key)) return;
      window.removeEventListener("storage", onStorage);
      wake(element);
    };
    window.addEventListener("storage", onStorage);
  }
  const record = (type: "click" | "hover" | "focus") => (event: Event) => {
    if (live.has(element)) return;
    const target = event.target instanceof Element ? event.target : element;
    // A link goes where it points with or without the island: reaching for one wakes nothing.
    if (target.closest("a[href]")) return;
    if (type === "click") {
      // Anything else waits for the island to answer it.
      event.preventDefault();
      replays.set(element, { type, target });
    } else if (!["click", "submit", "key"].includes(replays.get(element)?.type ?? "")) {
      replays.set(element, { type, target });
    }
    wake(element);
  };
  element.addEventListener("pointerover", record("hover"));
  element.addEventListener("focusin", record("focus"));
  element.addEventListener("touchstart", record("hover"), { passive: true });
  element.addEventListener("click", record("click"));
  element.addEventListener("submit", (event) => {
    if (live.has(element)) return;
    event.preventDefault();
    if (event.target instanceof HTMLFormElement)
      replays.set(element, { type: "submit", target: event.target });
    wake(element);
  });
}

/** A hotkey as Mantine writes them ("mod+K", "/"): mod is Ctrl, or ⌘ on a Mac. */
function pressed(hotkey: string, event: KeyboardEvent): boolean {
  const parts = hotkey.toLowerCase().split("+");
  const key = parts.pop();
  const mod = parts.includes("mod");
  return (
    event.key.toLowerCase() === key &&
    (mod ? event.ctrlKey || event.metaKey : !event.ctrlKey && !event.metaKey) &&
    event.altKey === parts.includes("alt")
  );
}

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

// An island's keyboard shortcuts (the search's "/" and mod+K) work before it is awake.
document.addEventListener("keydown", (event) => {
  if (typingIn(event.target)) return;
  for (const element of document.querySelectorAll<HTMLElement>("[data-island][data-keys]")) {
    if (live.has(element)) continue;
    const keys = (element.dataset.keys ?? "").split(" ");
    if (!keys.some((hotkey) => pressed(hotkey, event))) continue;
    event.preventDefault();
    const { key, code, ctrlKey, metaKey, shiftKey, altKey } = event;
    replays.set(element, {
      type: "key",
      target: element,
      init: { key, code, ctrlKey, metaKey, shiftKey, altKey, bubbles: true },
    });
    wake(element);
  }
});

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) watch(element);

// Another island may need this one awake (add to cart opens the cart): by name.
document.addEventListener("lyceum:wake-island", (event) => {
  const name = (event as CustomEvent<string>).detail;
  for (const element of document.querySelectorAll<HTMLElement>(
    `[data-island="${CSS.escape(name)}"]`,
  ))
    wake(element);
});

runEnhancers();

// Browser tests wait for this before they reach for anything, as on the app's pages.
document.documentElement.dataset.hydrated = "true";
