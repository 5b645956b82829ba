import {
  Button,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { fieldIssueMessage } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import { slugify } from "~/platform/slugs";
import {
  GROUPS_PATH,
  groupAccessKinds,
  groupPrivacies,
  type GroupAccessKind,
  type GroupPrivacy,
  type GroupTies,
} from "../group-shapes";
import { CoverField } from "./cover-field";
import { useGroupCommand, useGroupWords, useRefusal } from "./group-words";
import { GroupLimitNotice } from "./limit-notice";

/** The fields of `groupInputSchema`, as the form holds them. */
export type GroupDraft = {
  name: string;
  slug: string;
  description: string;
  rules: string;
  cover: string;
  privacy: GroupPrivacy;
  accessKind: GroupAccessKind;
  accessId: string | null;
};

export const emptyGroup: GroupDraft = {
  name: "",
  slug: "",
  description: "",
  rules: "",
  cover: "",
  privacy: "public",
  accessKind: "open",
  accessId: null,
};

/**
 * A new group (`groupId` null) or a group's settings, in a modal: name and address (made from
 * the name until it is typed), description and rules, cover, who may see it, and what it is
 * tied to. Saved, a new group opens; a group whose address changed opens at its new one.
 */
export function GroupForm({
  opened,
  onClose,
  groupId,
  initial,
  ties,
  limit,
}: {
  opened: boolean;
  onClose: () => void;
  groupId: string | null;
  initial: GroupDraft;
  ties: GroupTies;
  limit: number;
}) {
  const { t } = useTranslation();
  const words = useGroupWords();
  const navigate = useNavigate();
  const saver = useGroupCommand();
  const refusal = useRefusal(saver.answer);
  const [draft, setDraft] = useState(initial);
  const [slugTyped, setSlugTyped] = useState(groupId !== null);
  const answer = saver.answer;
  useEffect(() => {
    if (!answer?.ok) return;
    onClose();
    if (answer.slug && answer.slug !== initial.slug)
      void navigate(`${GROUPS_PATH}/${answer.slug}`, { replace: groupId !== null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer]);

  const issues = answer && !answer.ok ? (answer.issues ?? []) : [];
  const errorAt = (field: keyof GroupDraft) => {
    const issue = issues.find((one) => one.path.replace(/^group\./, "") === field);
    if (!issue) return undefined;
    // The address another group holds, whichever name the refusal gives it.
    if (issue.origin === "taken" || issue.origin === "slugTaken")
      return t("siteSettings.common.errors.slugTaken");
    return fieldIssueMessage(t, issue);
  };
  const set = (change: Partial<GroupDraft>) => setDraft((current) => ({ ...current, ...change }));
  const choices =
    draft.accessKind === "course"
      ? ties.courses
      : draft.accessKind === "membership"
        ? ties.memberships
        : [];
  const send = () => {
    const group = { ...draft, accessId: draft.accessKind === "open" ? null : draft.accessId };
    void saver.send(
      groupId === null ? { intent: "create", group } : { intent: "update", groupId, group },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={groupId === null ? t("groups.screen.new") : t("groups.form.settingsTitle")}
      closeButtonProps={{ "aria-label": t("groups.screen.close") }}
    >
      <form
        data-testid="group-form"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("groups.form.name")}
              value={draft.name}
              required
              maxLength={120}
              error={errorAt("name")}
              onChange={(event) => {
                const name = event.currentTarget.value;
                set(slugTyped ? { name } : { name, slug: slugify(name) });
              }}
              data-autofocus
              dir="auto"
              data-testid="group-name"
            />
            <TextInput
              label={t("groups.form.slug")}
              description={<span dir="ltr">{`${GROUPS_PATH}/${draft.slug || "…"}`}</span>}
              value={draft.slug}
              required
              error={errorAt("slug")}
              onChange={(event) => {
                setSlugTyped(true);
                set({ slug: event.currentTarget.value.toLowerCase() });
              }}
              data-testid="group-slug"
            />
          </SimpleGrid>
          <Textarea
            label={t("groups.form.description")}
            description={t("groups.form.descriptionHelp")}
            value={draft.description}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            error={errorAt("description")}
            onChange={(event) => set({ description: event.currentTarget.value })}
            dir="auto"
          />
          <Textarea
            label={t("groups.form.rules")}
            description={t("groups.form.rulesHelp")}
            value={draft.rules}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={4000}
            error={errorAt("rules")}
            onChange={(event) => set({ rules: event.currentTarget.value })}
            dir="auto"
          />
          <CoverField
            value={draft.cover}
            error={errorAt("cover")}
            onChange={(cover) => set({ cover })}
          />
          <Radio.Group
            label={t("groups.form.privacy")}
            value={draft.privacy}
            error={errorAt("privacy")}
            onChange={(value) => set({ privacy: value as GroupPrivacy })}
          >
            <Stack gap="sm" mt="xs">
              {groupPrivacies.map((privacy) => (
                <Radio
                  key={privacy}
                  value={privacy}
                  label={words.privacies[privacy]}
                  description={words.privacyHelp[privacy]}
                  data-testid={`group-privacy-${privacy}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group
            label={t("groups.form.tie")}
            description={t("groups.form.tieHelp")}
            value={draft.accessKind}
            error={errorAt("accessKind")}
            onChange={(value) => set({ accessKind: value as GroupAccessKind, accessId: null })}
          >
            <Group gap="md" mt="xs" wrap="wrap">
              {groupAccessKinds.map((kind) => (
                <Radio
                  key={kind}
                  value={kind}
                  label={words.ties[kind]}
                  disabled={
                    (kind === "course" && ties.courses.length === 0) ||
                    (kind === "membership" && ties.memberships.length === 0)
                  }
                  data-testid={`group-tie-${kind}`}
                />
              ))}
            </Group>
          </Radio.Group>
          {draft.accessKind !== "open" ? (
            <Select
              label={t(
                draft.accessKind === "course" ? "groups.form.course" : "groups.form.membership",
              )}
              placeholder={t("groups.form.choose")}
              data={choices.map((choice) => ({ value: choice.id, label: choice.title }))}
              value={draft.accessId}
              searchable
              required
              error={errorAt("accessId")}
              onChange={(value) => set({ accessId: value })}
              comboboxProps={{ withinPortal: true }}
              data-testid="group-tie-choice"
            />
          ) : null}
          {answer && !answer.ok && answer.code === "groups.limitReached" ? (
            <GroupLimitNotice limit={limit} />
          ) : refusal ? (
            <Text size="sm" c="red" role="alert">
              {refusal}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("groups.screen.cancel")}
            </Button>
            <Button
              type="submit"
              loading={saver.busy}
              disabled={!draft.name.trim() || !draft.slug}
              data-testid="group-save"
            >
              {groupId === null ? t("groups.form.create") : t("groups.form.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
