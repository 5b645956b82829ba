import { Box, Button, Group, Stack, TextInput } from "@mantine/core";
import { IconLibraryPhoto } from "@tabler/icons-react";
import { Suspense, useState } from "react";
import { MediaPicker } from "~/features/media/media";
import { useTranslation } from "~/platform/i18n/use-translation";
import { GroupCover } from "./group-cover";

/** A group's cover: an image address, typed or chosen from the media library (an upload included). */
export function CoverField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <Stack gap={6}>
      <TextInput
        label={t("groups.form.cover")}
        description={t("groups.form.coverHelp")}
        value={value}
        maxLength={2000}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-testid="group-cover"
      />
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconLibraryPhoto size={14} aria-hidden />}
          onClick={() => setPicking(true)}
        >
          {t("media.picker.chooseFeatured")}
        </Button>
        {value ? (
          <Button variant="subtle" color="gray" size="xs" onClick={() => onChange("")}>
            {t("groups.form.removeCover")}
          </Button>
        ) : null}
      </Group>
      {value ? (
        <Box maw={320}>
          <GroupCover id="" cover={value} height={96} radius="var(--mantine-radius-sm)" />
        </Box>
      ) : null}
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
