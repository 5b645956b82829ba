import { Button, CloseButton, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { popupAnchor, type VisitorPopup } from "../popup-shapes";

const DAY = 86_400_000;
const seenKey = (id: string) => `popup_seen_${id}`;

/** Whether the visitor's cap lets the popup open again (capDays 0: at every visit). */
function mayOpen(popup: VisitorPopup): boolean {
  try {
    const seen = Number(localStorage.getItem(seenKey(popup.id)) ?? 0);
    return popup.capDays === 0
      ? !sessionStorage.getItem(seenKey(popup.id))
      : Date.now() - seen > popup.capDays * DAY;
  } catch {
    return true;
  }
}

function remember(popup: VisitorPopup) {
  try {
    localStorage.setItem(seenKey(popup.id), String(Date.now()));
    sessionStorage.setItem(seenKey(popup.id), "1");
  } catch {
    // Storage refused (private mode): the popup may open again, nothing breaks.
  }
}

/** Tells the site what the popup did; kept alive through a navigation (its button's link). */
function tell(popup: VisitorPopup, event: "view" | "click") {
  void fetch(`/api/popups/${popup.id}/events`, {
    method: "POST",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ event }),
  }).catch(() => {});
}

/**
 * Arms each popup's trigger (a delay, a scroll depth, the pointer leaving the page at the top
 * on a desktop, a click on a link to its anchor) and opens the first that fires, once per its
 * cap. Returns a way to stop listening.
 */
function armTriggers(popups: VisitorPopup[], open: (popup: VisitorPopup) => void): () => void {
  const stops: (() => void)[] = [];
  const desktop = window.matchMedia("(pointer: fine)").matches;
  for (const popup of popups) {
    if (popup.trigger === "click") {
      const onClick = (event: MouseEvent) => {
        const link = (event.target as Element | null)?.closest?.("a[href]");
        if (link?.getAttribute("href") !== popupAnchor(popup.id)) return;
        event.preventDefault();
        open(popup);
      };
      document.addEventListener("click", onClick);
      stops.push(() => document.removeEventListener("click", onClick));
      continue;
    }
    if (!mayOpen(popup)) continue;
    if (popup.trigger === "delay") {
      const timer = window.setTimeout(() => open(popup), popup.delaySeconds * 1000);
      stops.push(() => window.clearTimeout(timer));
    } else if (popup.trigger === "scroll") {
      const onScroll = () => {
        const room = document.documentElement.scrollHeight - window.innerHeight;
        if (room <= 0 || (window.scrollY / room) * 100 >= popup.scrollPercent) open(popup);
      };
      window.addEventListener("scroll", onScroll, { passive: true });
      stops.push(() => window.removeEventListener("scroll", onScroll));
    } else if (popup.trigger === "exit" && desktop) {
      const onLeave = (event: MouseEvent) => {
        if (event.relatedTarget === null && event.clientY <= 0) open(popup);
      };
      document.documentElement.addEventListener("mouseleave", onLeave);
      stops.push(() => document.documentElement.removeEventListener("mouseleave", onLeave));
    }
  }
  return () => stops.forEach((stop) => stop());
}

function PopupContent({ popup, onFollow }: { popup: VisitorPopup; onFollow: () => void }) {
  return (
    <Stack gap="sm">
      {popup.body ? <Text>{popup.body}</Text> : null}
      {popup.formHtml ? (
        // The forms feature's own static markup for this page (see VisitorPopup.formHtml).
        <div dangerouslySetInnerHTML={{ __html: popup.formHtml }} />
      ) : null}
      {popup.ctaLabel && popup.ctaHref ? (
        <Button
          component="a"
          href={popup.ctaHref}
          onClick={onFollow}
          style={{ alignSelf: "start" }}
        >
          {popup.ctaLabel}
        </Button>
      ) : null}
    </Stack>
  );
}

const slideInStyle = {
  insetBlockEnd: "var(--mantine-spacing-md)",
  insetInlineEnd: "var(--mantine-spacing-md)",
  zIndex: 300,
  width: "min(24rem, calc(100vw - 2 * var(--mantine-spacing-md)))",
  maxHeight: "calc(100vh - 2 * var(--mantine-spacing-md))",
  overflow: "auto",
} as const;
const barStyle = {
  insetBlockStart: 0,
  insetInline: 0,
  zIndex: 300,
  borderRadius: 0,
  maxHeight: "60vh",
  overflow: "auto",
} as const;

/** M5 a page's popups (an island that loads only on pages that have one). */
export function PopupsView({ popups, closeLabel }: { popups: VisitorPopup[]; closeLabel: string }) {
  const [shown, setShown] = useState<VisitorPopup | null>(null);
  useEffect(() => {
    let opened = false;
    const stop = armTriggers(popups, (popup) => {
      if (opened) return;
      opened = true;
      stop();
      remember(popup);
      tell(popup, "view");
      setShown(popup);
    });
    return stop;
  }, [popups]);
  if (!shown) return null;
  const close = () => setShown(null);
  const follow = () => tell(shown, "click");
  if (shown.layout === "modal")
    return (
      <Modal
        opened
        onClose={close}
        title={shown.title}
        centered
        size="lg"
        closeButtonProps={{ "aria-label": closeLabel }}
      >
        <PopupContent popup={shown} onFollow={follow} />
      </Modal>
    );
  return (
    <Paper
      role="dialog"
      aria-label={shown.title || closeLabel}
      shadow="lg"
      withBorder
      p="md"
      pos="fixed"
      // Styles inline: a stylesheet of the island's own would load on every page of the site.
      style={shown.layout === "bar" ? barStyle : slideInStyle}
    >
      <CloseButton
        pos="absolute"
        top="var(--mantine-spacing-xs)"
        style={{ insetInlineEnd: "var(--mantine-spacing-xs)" }}
        onClick={close}
        aria-label={closeLabel}
      />
      <Stack gap="xs">
        {shown.title ? (
          <Title order={2} size="h4">
            {shown.title}
          </Title>
        ) : null}
        <PopupContent popup={shown} onFollow={follow} />
      </Stack>
    </Paper>
  );
}
