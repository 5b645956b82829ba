/**
 * Paths where the owner's custom scripts (misc.scripts) must never run: the dashboard, checkout
 * and sign-in screens (DESIGN §3), where a script could read passwords or payment details.
 */
export function ownerScriptsAllowed(pathname: string): boolean {
  const path = pathname.toLowerCase();
  if (path.includes("/checkout")) return false;
  return !/^\/(dashboard|login|signup)(\/|$)/.test(path);
}

/**
 * The path this document was loaded at, which chose its Content-Security-Policy (decision 016),
 * whatever client-side navigation did to the address since.
 */
export function documentPathname(): string {
  const [entry] = performance.getEntriesByType("navigation");
  try {
    return new URL(entry?.name ?? window.location.href).pathname;
  } catch {
    return window.location.pathname;
  }
}

/**
 * Adds the owner's HTML to the page so that its scripts run: the browser never runs a script
 * inserted through innerHTML, so each one is rebuilt as a real element. Scripts with a `src` are
 * awaited in turn, so an inline script can use the library loaded before it, as on a plain page.
 */
export async function injectOwnerHtml(html: string, into: HTMLElement): Promise<void> {
  const template = document.createElement("template");
  template.innerHTML = html;
  // A copy: appending moves nodes out of the live list.
  for (const node of Array.from(template.content.childNodes)) {
    if (!(node instanceof HTMLScriptElement)) {
      into.append(node);
      continue;
    }
    const script = document.createElement("script");
    for (const { name, value } of Array.from(node.attributes)) script.setAttribute(name, value);
    script.text = node.text;
    if (script.src) {
      script.async = false;
      const loaded = new Promise<void>((resolve) => {
        script.addEventListener("load", () => resolve(), { once: true });
        script.addEventListener("error", () => resolve(), { once: true });
      });
      into.append(script);
      await loaded;
    } else {
      into.append(script);
    }
  }
}

// Once per document: remounting the frame (an error boundary, a new route) must not run them twice.
let ran = false;

/** Whether the owner's scripts already run in this document. */
export const ownerScriptsRan = () => ran;

/** Runs the owner's HTML at the end of the body, once per document. */
export function runOwnerScripts(html: string) {
  if (ran) return;
  ran = true;
  const host = document.createElement("div");
  host.dataset.ownerScripts = "";
  document.body.append(host);
  void injectOwnerHtml(html, host);
}
