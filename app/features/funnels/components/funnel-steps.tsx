import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { stepKinds, stepPath, type StepKind, type StepRow } from "../funnel-shapes";
import { useFunnelCommand, useFunnelWords } from "./funnel-words";
import { StepForm } from "./step-form";

/** What a step's settings pick from: the site's forms and its products with their prices. */
export type Choices = {
  forms: { id: string; name: string }[];
  products: {
    id: string;
    title: string;
    prices: { id: string; currency: string; amount: number; billing: string }[];
  }[];
};

/** The funnel's steps in order: each one's page, part, place and split test; a new step. */
export function FunnelSteps({
  funnelId,
  funnelSlug,
  steps,
  choices,
}: {
  funnelId: string;
  funnelSlug: string;
  steps: StepRow[];
  choices: Choices;
}) {
  const { t } = useTranslation();
  const words = useFunnelWords();
  const adder = useFunnelCommand();
  const [kind, setKind] = useState<StepKind>("sales");
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t("funnels.steps.title")}
      </Title>
      {steps.map((step, index) => (
        <StepCard
          key={step.id}
          step={step}
          funnelSlug={funnelSlug}
          steps={steps}
          first={index === 0}
          last={index === steps.length - 1}
          choices={choices}
        />
      ))}
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t("funnels.steps.newKind")}
            data={stepKinds.map((value) => ({ value, label: words.kinds[value] }))}
            value={kind}
            allowDeselect={false}
            onChange={(value) => value && setKind(value as StepKind)}
            w={240}
            data-testid="new-step-kind"
          />
          <Button
            onClick={() => void adder.send({ intent: "addStep", funnelId, kind })}
            loading={adder.busy}
            data-testid="add-step"
          >
            {t("funnels.steps.add")}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

function StepCard({
  step,
  funnelSlug,
  steps,
  first,
  last,
  choices,
}: {
  step: StepRow;
  funnelSlug: string;
  steps: StepRow[];
  first: boolean;
  last: boolean;
  choices: Choices;
}) {
  const { t } = useTranslation();
  const words = useFunnelWords();
  const command = useFunnelCommand();
  const [open, setOpen] = useState(false);
  const path = stepPath(funnelSlug, step.slug);
  return (
    <Paper withBorder radius="md" p="md" data-testid={`step-${step.slug}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Badge variant="filled" circle>
              {step.position + 1}
            </Badge>
            <Stack gap={0}>
              <Group gap="xs">
                <Text fw={600}>{step.title}</Text>
                <Badge variant="light">{words.kinds[step.kind]}</Badge>
              </Group>
              <Anchor href={path} target="_blank" size="xs" c="dimmed">
                {path}
              </Anchor>
            </Stack>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              disabled={first}
              aria-label={t("funnels.steps.up", { name: step.title })}
              onClick={() => void command.send({ intent: "moveStep", id: step.id, by: -1 })}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={last}
              aria-label={t("funnels.steps.down", { name: step.title })}
              onClick={() => void command.send({ intent: "moveStep", id: step.id, by: 1 })}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("funnels.steps.delete", { name: step.title })}
              onClick={() => void command.send({ intent: "deleteStep", id: step.id })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={`/dashboard/pages/${step.pageId}`} variant="light" size="xs">
            {step.variantPageId ? t("funnels.steps.editPageA") : t("funnels.steps.editPage")}
          </Button>
          {step.variantPageId ? (
            <>
              <Button
                component={Link}
                to={`/dashboard/pages/${step.variantPageId}`}
                variant="light"
                size="xs"
              >
                {t("funnels.steps.editPageB")}
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => void command.send({ intent: "endSplit", id: step.id, keep: "a" })}
              >
                {t("funnels.steps.keepA")}
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => void command.send({ intent: "endSplit", id: step.id, keep: "b" })}
              >
                {t("funnels.steps.keepB")}
              </Button>
            </>
          ) : (
            <Button
              variant="default"
              size="xs"
              onClick={() => void command.send({ intent: "startSplit", id: step.id })}
            >
              {t("funnels.steps.startSplit")}
            </Button>
          )}
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setOpen((was) => !was)}
            aria-expanded={open}
            data-testid={`step-settings-${step.slug}`}
          >
            {t("funnels.steps.settings")}
          </Button>
        </Group>
        <Collapse expanded={open}>
          <StepForm step={step} steps={steps} choices={choices} />
        </Collapse>
      </Stack>
    </Paper>
  );
}
