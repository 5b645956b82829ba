import { Button, Stack, TextInput } from "@mantine/core";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { MediaPicker } from "~/features/media/media";

/**
 * A block's image: its address, typed or chosen from the media library (an upload included),
 * through the same onChange Puck gives the field.
 */
export function ImageAddressField({
  id,
  name,
  label,
  help,
  value,
  onChange,
}: {
  id: string;
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
        id={id}
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
