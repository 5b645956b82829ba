import { ActionIcon, Button, Group, Paper, Text, Title } from "@mantine/core";
import { IconHelp } from "@tabler/icons-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useLocation, useNavigate } from "react-router";
import { createTour, shouldAutoStart, TOUR_STEP_KEY, tourSteps, type Tour } from "../tour";
import classes from "./guided-tour.module.css";

const RESTART_EVENT = "lyceum:tour-restart";
const CARD_WIDTH = 320;

function saved(): string | null {
  try {
    return window.localStorage.getItem(TOUR_STEP_KEY);
  } catch {
    return null;
  }
}

function save(value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(TOUR_STEP_KEY);
    else window.localStorage.setItem(TOUR_STEP_KEY, value);
  } catch {
    // Private mode: the tour simply starts again next time.
  }
}

type Placement = { ring: DOMRect | null; top: number; left: number; width: number };

/** Where the card goes: under its element (above when there is no room), else centred. */
function place(target: string | null): Placement {
  const width = Math.min(CARD_WIDTH, window.innerWidth - 32);
  const element = target ? document.querySelector(`[data-tour="${target}"]`) : null;
  const rect = element?.getBoundingClientRect();
  if (!rect || rect.width === 0 || rect.height === 0) {
    return {
      ring: null,
      top: Math.max(16, window.innerHeight / 2 - 120),
      left: (window.innerWidth - width) / 2,
      width,
    };
  }
  const below = rect.bottom + 12;
  const top = below + 220 < window.innerHeight ? below : Math.max(16, rect.top - 232);
  const left = Math.min(Math.max(16, rect.left), window.innerWidth - width - 16);
  return { ring: rect, top, left, width };
}

/** D1/D4: the top bar's button that starts the tour again from its first step. */
export function TourRestartButton() {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t("dashboard.tour.restart")}
      onClick={() => window.dispatchEvent(new Event(RESTART_EVENT))}
    >
      <IconHelp size={18} aria-hidden />
    </ActionIcon>
  );
}

/** D4: eleven steps over the dashboard, 200 ms apart, ending on the site's /about page. */
export function GuidedTour({ onboard }: { onboard: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const titleId = useId();
  const [step, setStep] = useState<number | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const tour = useRef<Tour>(null);
  // The driver lives as long as the component; it navigates with the router's latest function.
  const navigateTo = useRef(navigate);
  useEffect(() => {
    navigateTo.current = navigate;
  }, [navigate]);

  // Decided once, on arrival: later navigations keep the tour where it is.
  const arrival = useRef({ onboard, pathname });
  useEffect(() => {
    const driver = createTour({
      onStep: (index) => {
        if (index !== null) setPlacement(place(tourSteps[index]!.target));
        setStep(index);
      },
      save,
      navigate: (path) => void navigateTo.current(path),
    });
    tour.current = driver;
    const { onboard: onboarding, pathname: firstPath } = arrival.current;
    if (shouldAutoStart({ onboard: onboarding, savedStep: saved(), pathname: firstPath })) {
      driver.start();
    }
    const restart = () => driver.restart();
    window.addEventListener(RESTART_EVENT, restart);
    return () => {
      window.removeEventListener(RESTART_EVENT, restart);
      driver.dispose();
    };
  }, []);

  useEffect(() => {
    if (step === null) return;
    const follow = () => setPlacement(place(tourSteps[step]!.target));
    window.addEventListener("resize", follow);
    window.addEventListener("scroll", follow, true);
    return () => {
      window.removeEventListener("resize", follow);
      window.removeEventListener("scroll", follow, true);
    };
  }, [step]);

  if (step === null || !placement) return null;
  const current = tourSteps[step]!;
  const last = step === tourSteps.length - 1;
  return (
    <>
      {placement.ring ? (
        <div
          className={classes.ring}
          aria-hidden="true"
          style={{
            top: placement.ring.top - 6,
            left: placement.ring.left - 6,
            width: placement.ring.width + 12,
            height: placement.ring.height + 12,
          }}
        />
      ) : null}
      <Paper
        role="dialog"
        aria-labelledby={titleId}
        shadow="xl"
        radius="md"
        p="lg"
        withBorder
        className={classes.card}
        style={{ top: placement.top, left: placement.left, width: placement.width }}
        data-testid="tour"
        onKeyDown={(event) => {
          if (event.key === "Escape") tour.current?.stop();
        }}
      >
        <Text size="xs" c="dimmed" fw={700}>
          {t("dashboard.tour.progress", { step: step + 1, total: tourSteps.length })}
        </Text>
        <Title order={2} size="h4" id={titleId} mt={4}>
          {t(`dashboard.tour.${current.id}.title`)}
        </Title>
        <Text size="sm" mt="xs">
          {t(`dashboard.tour.${current.id}.text`)}
        </Text>
        <Group justify="space-between" mt="md">
          <Button variant="subtle" size="xs" onClick={() => tour.current?.stop()}>
            {t("dashboard.tour.skip")}
          </Button>
          <Group gap="xs">
            {step > 0 ? (
              <Button variant="default" size="xs" onClick={() => tour.current?.back()}>
                {t("dashboard.tour.back")}
              </Button>
            ) : null}
            <Button size="xs" data-autofocus onClick={() => tour.current?.next()}>
              {t(last ? "dashboard.tour.done" : "dashboard.tour.next")}
            </Button>
          </Group>
        </Group>
      </Paper>
    </>
  );
}
