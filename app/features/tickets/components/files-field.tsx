import { ActionIcon, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconPaperclip, IconX } from "@tabler/icons-react";
import { useId, useRef } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { MAX_TICKET_FILES, ticketFileAccept } from "../validation";
import { fileSizeIn } from "./ticket-parts";

/** A message's attachments: chosen a few at a time, listed, each removable before sending. */
export function FilesField({
  files,
  onChange,
}: {
  files: File[];
  onChange: (files: File[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const reset = useRef<() => void>(null);
  const hintId = useId();
  const size = fileSizeIn(i18n.language);
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        <FileButton
          multiple
          accept={ticketFileAccept}
          resetRef={reset}
          onChange={(chosen) => {
            onChange([...files, ...chosen]);
            reset.current?.();
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              disabled={files.length >= MAX_TICKET_FILES}
              aria-describedby={hintId}
            >
              {t("tickets.files.attach")}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" id={hintId}>
          {t("tickets.files.hint", { max: MAX_TICKET_FILES })}
        </Text>
      </Group>
      {files.length ? (
        <Stack gap={4} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {files.map((file, index) => (
            <Group key={`${file.name}-${index}`} component="li" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {size(file.size)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t("tickets.files.remove", { name: file.name })}
                onClick={() => onChange(files.filter((_, at) => at !== index))}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
