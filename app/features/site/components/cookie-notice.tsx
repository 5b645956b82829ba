import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { useEffect, useRef, useState, useSyncExternalStore, type Ref } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { useIslandDocument } from "~/platform/islands/island";
import { chooseConsent, liftAboveCookieNotice } from "../cookie-choice";
import { readConsent, type ConsentChoice } from "../consent";
import classes from "./chrome.module.css";

const noChanges = () => () => {};

/**
 * The cookie notice (P15): accept all, only required, or disable. Shown only in the browser and
 * only while no choice is stored, so cached HTML never carries a visitor's choice. The choice is
 * announced with `lyceum:consent` for the analytics code. In the app it renders after hydration;
 * an island page (decision 048) gets it hidden from the server and its enhancer (cookie-choice.ts)
 * shows and wires it.
 */
export function CookieNotice({ privacyHref }: { privacyHref: string | null }) {
  const islands = useIslandDocument();
  // Unknown on the server and while hydrating (nothing shown); the browser's cookie decides.
  const chosenBefore = useSyncExternalStore(
    noChanges,
    () => readConsent(document.cookie) !== null,
    () => true,
  );
  const [chosenNow, setChosenNow] = useState(false);
  const open = !chosenBefore && !chosenNow;
  const card = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open && card.current) return liftAboveCookieNotice(card.current);
  }, [open]);

  function choose(choice: ConsentChoice) {
    setChosenNow(true);
    chooseConsent(choice);
  }

  if (islands) return <CookieCard privacyHref={privacyHref} plain />;
  if (!open) return null;
  return <CookieCard ref={card} privacyHref={privacyHref} onChoose={choose} />;
}

function CookieCard({
  ref,
  privacyHref,
  plain = false,
  onChoose,
}: {
  ref?: Ref<HTMLDivElement>;
  privacyHref: string | null;
  /** For an island page: sent hidden, with plain links and buttons its enhancer wires. */
  plain?: boolean;
  onChoose?: (choice: ConsentChoice) => void;
}) {
  const { t } = useTranslation();
  const button = (choice: ConsentChoice) => ({
    "data-consent": choice,
    onClick: onChoose ? () => onChoose(choice) : undefined,
  });
  return (
    <Paper
      ref={ref}
      component="section"
      aria-labelledby="cookie-notice-title"
      className={classes.cookie}
      withBorder
      shadow="lg"
      radius="md"
      p="md"
      hidden={plain}
      data-testid="cookie-notice"
      data-enhance={plain ? "cookie-notice" : undefined}
    >
      <Text id="cookie-notice-title" fw={700} size="sm">
        {t("chrome.cookies.title")}
      </Text>
      <Text size="sm" mt={4}>
        {t("chrome.cookies.text")}{" "}
        {!privacyHref ? null : plain ? (
          <Anchor href={privacyHref} size="sm" underline="always">
            {t("chrome.cookies.privacy")}
          </Anchor>
        ) : (
          <Anchor component={Link} to={privacyHref} size="sm" underline="always">
            {t("chrome.cookies.privacy")}
          </Anchor>
        )}
      </Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" {...button("all")}>
          {t("chrome.cookies.all")}
        </Button>
        <Button size="xs" variant="default" {...button("required")}>
          {t("chrome.cookies.required")}
        </Button>
        <Button size="xs" variant="subtle" color="gray" {...button("disabled")}>
          {t("chrome.cookies.disabled")}
        </Button>
      </Group>
    </Paper>
  );
}
