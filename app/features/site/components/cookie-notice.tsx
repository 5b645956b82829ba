import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { consentCookie, readConsent, type ConsentChoice } from "../consent";
import classes from "./chrome.module.css";

const noChanges = () => () => {};

/**
 * The cookie notice (P15): accept all, only required, or disable. Shown only after hydration and
 * only while no choice is stored, so cached HTML never carries a visitor's choice. The choice is
 * announced with `lyceum:consent` for the analytics code.
 */
export function CookieNotice({ privacyHref }: { privacyHref: string | null }) {
  const { t } = useTranslation();
  // Unknown on the server and while hydrating (nothing shown); the browser's cookie decides.
  const chosenBefore = useSyncExternalStore(
    noChanges,
    () => readConsent(document.cookie) !== null,
    () => true,
  );
  const [chosenNow, setChosenNow] = useState(false);
  const open = !chosenBefore && !chosenNow;
  const card = useRef<HTMLDivElement>(null);

  // Lifts the back-to-top button above the notice while it is shown.
  useEffect(() => {
    const element = card.current;
    const root = document.documentElement.style;
    if (!open || !element) return;
    const observer = new ResizeObserver(() => {
      const narrow = window.matchMedia("(max-width: 48em)").matches;
      root.setProperty("--cookie-notice-offset", narrow ? `${element.offsetHeight + 8}px` : "0px");
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty("--cookie-notice-offset");
    };
  }, [open]);

  function choose(choice: ConsentChoice) {
    document.cookie = consentCookie(choice, { secure: window.location.protocol === "https:" });
    setChosenNow(true);
    window.dispatchEvent(new CustomEvent("lyceum:consent", { detail: choice }));
  }

  if (!open) return null;
  return (
    <Paper
      ref={card}
      component="section"
      aria-labelledby="cookie-notice-title"
      className={classes.cookie}
      withBorder
      shadow="lg"
      radius="md"
      p="md"
      data-testid="cookie-notice"
    >
      <Text id="cookie-notice-title" fw={700} size="sm">
        {t("chrome.cookies.title")}
      </Text>
      <Text size="sm" mt={4}>
        {t("chrome.cookies.text")}{" "}
        {privacyHref ? (
          <Anchor component={Link} to={privacyHref} size="sm" underline="always">
            {t("chrome.cookies.privacy")}
          </Anchor>
        ) : null}
      </Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={() => choose("all")}>
          {t("chrome.cookies.all")}
        </Button>
        <Button size="xs" variant="default" onClick={() => choose("required")}>
          {t("chrome.cookies.required")}
        </Button>
        <Button size="xs" variant="subtle" color="gray" onClick={() => choose("disabled")}>
          {t("chrome.cookies.disabled")}
        </Button>
      </Group>
    </Paper>
  );
}
