import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useFetcher } from "react-router";
import { slugify } from "~/features/content/content";
import type { LevelAnswer, LevelView, RuleOptions } from "../levels.server";
import { membershipStatuses } from "../membership-shapes";
import type { LevelInput, RuleInput } from "../validation";

const byId = ["course", "page", "post", "doc"] as const;
type ById = (typeof byId)[number];

/** The refusal's message key (a taken address, an unknown rule target, anything else). */
export function levelProblemKey(code: string): string {
  if (code === "memberships.slugTaken") return "memberships.errors.slugTaken";
  if (code === "memberships.unknownMember") return "memberships.errors.unknownMember";
  return "memberships.errors.invalid";
}

/** Issue 16: a level's fields and its content rules (by id per kind; posts by tag). */
export function LevelForm({
  level,
  options,
  onDone,
}: {
  level: LevelView | null;
  options: RuleOptions;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<LevelAnswer>();
  const [name, setName] = useState(level?.name ?? "");
  const [slug, setSlug] = useState(level?.slug ?? "");
  const [description, setDescription] = useState(level?.description ?? "");
  const [durationDays, setDurationDays] = useState<number | null>(level?.durationDays ?? null);
  const [status, setStatus] = useState<LevelInput["status"]>(level?.status ?? "active");
  const [position, setPosition] = useState(level?.position ?? 0);
  const idsOf = (resource: string) =>
    (level?.rules ?? []).flatMap((rule) =>
      rule.resource === resource && "targetId" in rule ? [rule.targetId] : [],
    );
  const [ids, setIds] = useState<Record<ById, string[]>>(() => ({
    course: idsOf("course"),
    page: idsOf("page"),
    post: idsOf("post"),
    doc: idsOf("doc"),
  }));
  const [tags, setTags] = useState<string[]>(
    (level?.rules ?? []).flatMap((rule) => ("tag" in rule ? [rule.tag] : [])),
  );
  // Rules this form does not show (groups, for now) are kept as they are.
  const kept = (level?.rules ?? []).filter((rule) => rule.resource === "group");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) onDone();
  }, [answer, onDone]);

  const submit = () => {
    const rules: RuleInput[] = [
      ...byId.flatMap((resource) => ids[resource].map((targetId) => ({ resource, targetId }))),
      ...tags.map((tag) => ({ resource: "post_tag" as const, tag })),
      ...kept.map((rule) => ({
        resource: "group" as const,
        targetId: (rule as { targetId: string }).targetId,
      })),
    ];
    const input: LevelInput = {
      name,
      slug: slug || slugify(name),
      description,
      durationDays,
      status,
      position,
      rules,
    };
    void fetcher.submit(
      { intent: "saveLevel", id: level?.id ?? null, level: input },
      { method: "post", encType: "application/json" },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="level-form"
    >
      <Stack gap="sm">
        {answer && !answer.ok ? (
          <Alert color="red" variant="light" role="alert">
            {t(levelProblemKey(answer.code))}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("memberships.form.name")}
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-testid="level-name"
          />
          <TextInput
            label={t("memberships.form.slug")}
            placeholder={slugify(name)}
            value={slug}
            onChange={(event) => setSlug(event.currentTarget.value.toLowerCase())}
          />
        </SimpleGrid>
        <Textarea
          label={t("memberships.form.description")}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          autosize
          minRows={2}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t("memberships.form.duration")}
            description={t("memberships.form.durationHelp")}
            value={durationDays ?? ""}
            onChange={(value) =>
              setDurationDays(value === "" ? null : Math.max(1, Math.round(Number(value))))
            }
            min={1}
            max={36_500}
            data-testid="level-duration"
          />
          <Select
            label={t("memberships.form.status")}
            value={status}
            onChange={(value) => value && setStatus(value as LevelInput["status"])}
            data={membershipStatuses.map((value) => ({
              value,
              label: t(`memberships.statuses.${value}`),
            }))}
            allowDeselect={false}
          />
          <NumberInput
            label={t("memberships.form.position")}
            value={position}
            onChange={(value) => setPosition(Math.max(0, Math.round(Number(value) || 0)))}
            min={0}
          />
        </SimpleGrid>
        <Title order={3} fz="h5" mt="xs">
          {t("memberships.form.rules")}
        </Title>
        {byId.map((resource) => (
          <MultiSelect
            key={resource}
            label={t(`memberships.form.ruleLabels.${resource}`)}
            data={options[resource].map((row) => ({ value: row.id, label: row.title }))}
            value={ids[resource]}
            onChange={(value) => setIds((current) => ({ ...current, [resource]: value }))}
            searchable
            nothingFoundMessage={t("memberships.form.nothingFound")}
            data-testid={`rule-${resource}`}
          />
        ))}
        <TagsInput
          label={t("memberships.form.ruleLabels.post_tag")}
          description={t("memberships.form.tagsHelp")}
          data={options.tags}
          value={tags}
          onChange={setTags}
          data-testid="rule-post_tag"
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {t("memberships.form.cancel")}
          </Button>
          <Button type="submit" loading={fetcher.state !== "idle"} data-testid="save-level">
            {t("memberships.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
