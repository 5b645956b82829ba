// The whole script of a public page (decision 048): it wakes each island when it is needed and
// runs the page's small always-on behaviours (enhancers.ts). React and an island's own code are
// downloaded only when a visitor reaches for that island.
import { runEnhancers } from "./enhancers";
import { islandLoaders } from "./registry";

type Replay = { type: "click" | "hover" | "focus"; target: Element };

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
  } else if (last.type === "hover") {
    // React's onMouseEnter is built from mouseover; floating-ui listens to pointer events.
    for (const type of ["pointerover", "pointerenter", "mouseover", "mouseenter"]) {
      const bubbles = type.endsWith("over");
      const Event = type.startsWith("pointer") ? PointerEvent : MouseEvent;
      target.dispatchEvent(new Event(type, { bubbles }));
    }
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
  const storedKey = trigger.startsWith("stored:") ? trigger.slice(7) : null;
  if (trigger === "load" || (storedKey && storedValue(storedKey))) {
    wake(element);
    return;
  }
  if (storedKey) {
    // Another tab wrote it (the cart filled elsewhere): this page's island follows from now on.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storedKey) return;
      window.removeEventListener("storage", onStorage);
      wake(element);
    };
    window.addEventListener("storage", onStorage);
  }
  const record = (type: Replay["type"]) => (event: Event) => {
    if (live.has(element)) return;
    const target = event.target instanceof Element ? event.target : element;
    // A link goes where it points with or without the island: reaching for one wakes nothing.
    if (target.closest("a[href]")) return;
    if (type === "click") {
      // Anything else waits for the island to answer it.
      event.preventDefault();
      replays.set(element, { type, target });
    } else if (replays.get(element)?.type !== "click") {
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
    wake(element);
  });
  element.addEventListener("pointerout", (event) => {
    // Left before the island was live: no hover to replay.
    const to = (event as PointerEvent).relatedTarget;
    if (!live.has(element) && !(to instanceof Node && element.contains(to))) {
      if (replays.get(element)?.type === "hover") replays.delete(element);
    }
  });
}

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
