import { Stack, Switch } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ProfilesSettings } from "../profiles-option";

/**
 * The owner's switches on the Members screen: whether members see each other's profiles, and
 * whether visitors see those members make public (decision 071).
 */
export function ProfilesSwitch({ settings }: { settings: ProfilesSettings }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean }>();
  const [value, setValue] = useState(settings);
  const [seen, setSeen] = useState({ settings, data: fetcher.data });
  if (seen.settings !== settings || seen.data !== fetcher.data) {
    setSeen({ settings, data: fetcher.data });
    // The saved values win once the screen's data changes, or the save was refused.
    if (seen.settings !== settings || fetcher.data?.ok === false) setValue(settings);
  }
  const change = (next: ProfilesSettings) => {
    setValue(next);
    void fetcher.submit(
      { intent: "profiles", ...next },
      { method: "post", encType: "application/json" },
    );
  };
  return (
    <Stack gap="sm" maw={340}>
      <Switch
        size="sm"
        checked={value.visible}
        label={t("memberProfiles.visible")}
        description={t("memberProfiles.visibleHelp")}
        onChange={(event) => change({ ...value, visible: event.currentTarget.checked })}
        data-testid="profiles-visible"
      />
      <Switch
        size="sm"
        checked={value.public}
        label={t("memberProfiles.publicSwitch")}
        description={t("memberProfiles.publicSwitchHelp")}
        onChange={(event) => change({ ...value, public: event.currentTarget.checked })}
        data-testid="profiles-public"
      />
    </Stack>
  );
}
