import { NumberInput, SimpleGrid, TagsInput, Text, TextInput } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { popupPathModes } from "../popup-shapes";
import type { Draft, ErrorAt, SetDraft } from "./popup-editor";
import { Choice, Section } from "./popup-sections";

type PathsMode = (typeof popupPathModes)[number];

/** The pages it opens on: all of them, only some, or all but some. */
export function WhereSection({
  draft,
  errorAt,
  onChange,
}: {
  draft: Draft;
  errorAt: ErrorAt;
  onChange: SetDraft;
}) {
  const { t } = useTranslation();
  const modes: Record<PathsMode, string> = {
    all: t("popups.screen.where.modes.all"),
    only: t("popups.screen.where.modes.only"),
    except: t("popups.screen.where.modes.except"),
  };
  return (
    <Section title={t("popups.screen.where.title")}>
      <Choice<PathsMode>
        label={t("popups.screen.where.mode")}
        value={draft.pathsMode}
        data={popupPathModes.map((value) => ({ value, label: modes[value] }))}
        onChange={(value) => onChange("pathsMode", value)}
      />
      {draft.pathsMode === "all" ? null : (
        <TagsInput
          label={t("popups.screen.where.paths")}
          description={t("popups.screen.where.pathsHelp")}
          placeholder="/pricing"
          value={draft.paths}
          maxTags={50}
          splitChars={[",", " "]}
          clearable
          error={errorAt("paths")}
          onChange={(paths) => onChange("paths", paths)}
        />
      )}
    </Section>
  );
}

/** How soon the popup opens again for a visitor who saw it. */
export function OftenSection({
  draft,
  errorAt,
  onChange,
}: {
  draft: Draft;
  errorAt: ErrorAt;
  onChange: SetDraft;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t("popups.screen.often.title")}>
      <NumberInput
        label={t("popups.screen.often.capDays")}
        description={
          draft.trigger === "click"
            ? t("popups.screen.often.clickNote")
            : t("popups.screen.often.capDaysHelp")
        }
        min={0}
        max={365}
        allowDecimal={false}
        allowNegative={false}
        value={draft.capDays}
        error={errorAt("capDays")}
        onChange={(value) => onChange("capDays", value)}
      />
    </Section>
  );
}

/** When the popup starts and stops opening, in the site's time zone. */
export function ScheduleSection({
  draft,
  zone,
  errorAt,
  onChange,
}: {
  draft: Draft;
  zone: string;
  errorAt: ErrorAt;
  onChange: SetDraft;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t("popups.screen.schedule.title")}>
      <Text size="sm" c="dimmed">
        {t("popups.screen.schedule.help", { zone })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="datetime-local"
          label={t("popups.screen.schedule.startsAt")}
          description={t("popups.screen.schedule.startsAtHelp")}
          value={draft.startsLocal}
          error={errorAt("startsAt")}
          onChange={(event) => onChange("startsLocal", event.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label={t("popups.screen.schedule.endsAt")}
          description={t("popups.screen.schedule.endsAtHelp")}
          value={draft.endsLocal}
          error={errorAt("endsAt")}
          onChange={(event) => onChange("endsLocal", event.currentTarget.value)}
        />
      </SimpleGrid>
    </Section>
  );
}
