import { Paper, Stack, Text, ThemeIcon, Transition } from "@mantine/core";
import { IconTrophy } from "@tabler/icons-react";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { GAMIFICATION_EVENT, overlayStore, type GamificationMessage } from "../overlay-store";
import classes from "./gamification-overlay.module.css";

const empty: GamificationMessage[] = [];

/**
 * D17: celebrations over the page, announced to screen readers; each leaves after its duration.
 * Listens for the `lyceum:gamification` window event so any script can add one.
 */
export function GamificationOverlay() {
  const { t } = useTranslation();
  const messages = useSyncExternalStore(overlayStore.subscribe, overlayStore.current, () => empty);

  useEffect(() => {
    const onEvent = (event: Event) => {
      const detail = (event as CustomEvent).detail as { title?: unknown } | undefined;
      if (detail && typeof detail.title === "string")
        overlayStore.add(detail as Parameters<typeof overlayStore.add>[0]);
    };
    window.addEventListener(GAMIFICATION_EVENT, onEvent);
    return () => window.removeEventListener(GAMIFICATION_EVENT, onEvent);
  }, []);

  return (
    <div
      className={classes.overlay}
      role="status"
      aria-live="polite"
      data-testid="gamification-overlay"
    >
      <Stack gap="sm" align="center">
        {messages.map((message) => (
          <Transition key={message.id} mounted transition="pop" duration={200}>
            {(style) => (
              <Paper
                style={style}
                shadow="xl"
                radius="lg"
                p="md"
                className={classes.card}
                withBorder
              >
                <ThemeIcon size={40} radius="xl" color="yellow" variant="filled">
                  <IconTrophy size={22} aria-hidden />
                </ThemeIcon>
                <div>
                  <Text fw={800}>{message.title}</Text>
                  {message.points ? (
                    <Text size="sm" c="dimmed">
                      {t("gamification.points", { points: message.points })}
                    </Text>
                  ) : null}
                  {message.text ? <Text size="sm">{message.text}</Text> : null}
                </div>
              </Paper>
            )}
          </Transition>
        ))}
      </Stack>
    </div>
  );
}
