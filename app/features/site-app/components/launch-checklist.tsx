import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconCircleCheck, IconCircleDashed, IconClock } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { SettingsPage } from "~/features/dashboard/dashboard";
import type { LaunchStep } from "../validation";
import classes from "./site-app.module.css";

const looks = {
  done: { color: "teal", Icon: IconCircleCheck },
  todo: { color: "gray", Icon: IconCircleDashed },
  soon: { color: "blue", Icon: IconClock },
} as const;

function StepRow({ step, number }: { step: LaunchStep; number: number }) {
  const { t } = useTranslation();
  const { color, Icon } = looks[step.state];
  const titleId = `launch-step-${step.id}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      className={classes.step}
      data-state={step.state}
      data-testid={`launch-step-${step.id}`}
      aria-labelledby={titleId}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon color={color} variant="light" size={36} radius="xl" aria-hidden>
          <Icon size={22} />
        </ThemeIcon>
        <div className={classes.stepBody}>
          <Stack gap={4} className={classes.stepText}>
            <Group gap="xs">
              <Title order={2} size="h5" id={titleId}>
                <span className={classes.stepNumber}>{t("siteSetup.stepNumber", { number })}</span>{" "}
                {t(`siteSetup.steps.${step.id}.title`)}
              </Title>
              <Badge color={color} variant="light" data-testid={`launch-step-${step.id}-state`}>
                {t(`siteSetup.state.${step.state}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t(`siteSetup.steps.${step.id}.${step.state === "done" ? "done" : "description"}`)}
            </Text>
          </Stack>
          <Button
            component={Link}
            to={step.href}
            variant={step.state === "todo" ? "light" : "subtle"}
            size="xs"
            className={classes.stepAction}
            aria-describedby={titleId}
          >
            {t(
              step.state === "done"
                ? "siteSetup.review"
                : step.state === "soon"
                  ? "siteSetup.preview"
                  : "siteSetup.start",
            )}
          </Button>
        </div>
      </Group>
    </Paper>
  );
}

/**
 * /dashboard/setup: the launch checklist from the site's real state, with its progress (steps
 * whose screen is still to come are shown, not counted).
 */
export function LaunchChecklist({ steps }: { steps: LaunchStep[] }) {
  const { t } = useTranslation();
  const counted = steps.filter((step) => step.state !== "soon");
  const done = counted.filter((step) => step.state === "done").length;
  const percent = counted.length ? Math.round((done / counted.length) * 100) : 0;
  return (
    <SettingsPage title={t("siteSetup.title")} intro={t("siteSetup.intro")} size="md" gap="lg">
      <Paper withBorder radius="md" p="md" data-testid="launch-progress">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>
            {done === counted.length ? t("siteSetup.allDone") : t("siteSetup.progressTitle")}
          </Text>
          <Text size="sm" c="dimmed" data-testid="launch-progress-count">
            {t("siteSetup.progress", { done, total: counted.length })}
          </Text>
        </Group>
        <Progress
          value={percent}
          size="lg"
          radius="xl"
          color={done === counted.length ? "teal" : undefined}
          aria-label={t("siteSetup.progressLabel")}
        />
      </Paper>
      <Stack component="ol" gap="sm" className={classes.steps}>
        {steps.map((step, index) => (
          <StepRow key={step.id} step={step} number={index + 1} />
        ))}
      </Stack>
    </SettingsPage>
  );
}
