import { Switch } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";

/** The owner's switch on the Members screen: whether members see each other's profiles. */
export function ProfilesSwitch({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean }>();
  const [value, setValue] = useState(visible);
  const [seen, setSeen] = useState({ visible, data: fetcher.data });
  if (seen.visible !== visible || seen.data !== fetcher.data) {
    setSeen({ visible, data: fetcher.data });
    // The saved value wins once the screen's data changes, or the save was refused.
    if (seen.visible !== visible || fetcher.data?.ok === false) setValue(visible);
  }
  return (
    <Switch
      size="sm"
      checked={value}
      label={t("memberProfiles.visible")}
      description={t("memberProfiles.visibleHelp")}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setValue(next);
        void fetcher.submit(
          { intent: "profiles", visible: next },
          { method: "post", encType: "application/json" },
        );
      }}
      maw={320}
      data-testid="profiles-visible"
    />
  );
}
