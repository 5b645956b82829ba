import { Alert, Button, Group, Progress, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconAlertTriangle, IconCheck, IconUpload } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { MAX_UPLOAD_BYTES, type MediaItem } from "../media-types";
import { useUploads } from "./use-uploads";

/**
 * Drag-and-drop (or choose) any number of files; each shows its own progress bar, then a tick
 * or the reason the server refused it. The server decides what a file is, by its content.
 */
export function UploadZone({
  folder,
  onUploaded,
  accept,
}: {
  folder: string;
  onUploaded?: (item: MediaItem) => void;
  accept?: string[];
}) {
  const { t } = useTranslation();
  const { uploads, start, clear } = useUploads({ folder, onUploaded });
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={start}
        onReject={(rejections) => start(rejections.map((rejection) => rejection.file))}
        maxSize={MAX_UPLOAD_BYTES}
        accept={accept}
        multiple
        aria-label={t("media.upload.label")}
        data-testid="media-dropzone"
      >
        <Group justify="center" gap="md" mih={96} style={{ pointerEvents: "none" }}>
          <IconUpload size={36} stroke={1.5} aria-hidden />
          <div>
            <Text size="lg">{t("media.upload.title")}</Text>
            <Text size="sm" c="dimmed">
              {t("media.upload.help")}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {uploads.length > 0 ? (
        <Stack gap={6} aria-live="polite" data-testid="upload-list">
          {uploads.map((upload) => (
            <div key={upload.key} data-testid="upload-row" data-status={upload.status}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  {upload.name}
                </Text>
                {upload.status === "done" ? (
                  <IconCheck
                    size={16}
                    color="var(--mantine-color-green-7)"
                    aria-label={t("media.upload.done")}
                  />
                ) : null}
              </Group>
              {upload.status === "refused" && upload.error ? (
                <Alert
                  color="red"
                  variant="light"
                  p="xs"
                  icon={<IconAlertTriangle size={16} aria-hidden />}
                >
                  <Text size="sm" data-testid="upload-error">
                    {t(upload.error.key, upload.error.values)}
                  </Text>
                </Alert>
              ) : (
                <Progress
                  value={upload.progress}
                  size="sm"
                  color={upload.status === "done" ? "green" : undefined}
                  aria-label={t("media.upload.progress", { name: upload.name })}
                />
              )}
            </div>
          ))}
          <Group justify="flex-end">
            <Button variant="subtle" size="compact-sm" onClick={clear}>
              {t("media.upload.clear")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
