import { Button, Stack, TextInput } from "@mantine/core";
import { Suspense, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { MediaPicker } from "~/features/media/media";

/**
 * A block's image: its address, typed or chosen from the media library (an upload included),
 * through the same onChange Puck gives the field. The input keeps an id of its own: Puck mounts
 * the fields twice (its side panel and its phone panel) with the same id for both, which would
 * leave one input's label pointing at the other.
 */
export function ImageAddressField({
  name,
  label,
  help,
  value,
  onChange,
}: {
  name: string;
  label: string;
  help: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <Stack gap={6}>
      <TextInput
        name={name}
        label={label}
        description={help}
        value={value ?? ""}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <Button variant="light" size="xs" onClick={() => setPicking(true)}>
        {t("media.picker.chooseFeatured")}
      </Button>
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            opened={picking}
            onClose={() => setPicking(false)}
            kind="image"
            scope="all"
            onPick={(item) => onChange(item.url)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
