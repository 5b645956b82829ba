import { Drawer, Grid, Group, Paper, Progress, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MediaItem } from "../media-types";
import { formatBytes } from "~/platform/i18n/formats";
import { mediaClient, type LibraryAnswer } from "./media-client";
import { MediaDetails } from "./media-details";
import { MediaFilters, type MediaQuery } from "./media-filters";
import { MediaGrid } from "./media-grid";
import { UploadZone } from "./upload-zone";

/**
 * `/dashboard/media` (your own files) and `/dashboard/manage/media` (managers: every file of
 * the site): upload, search and filter, and one file's details beside the grid (a drawer on a
 * phone).
 */
export function MediaLibraryScreen({
  scope,
  initial,
  children,
}: {
  scope: "own" | "all";
  initial: LibraryAnswer;
  /** More for the screen (the managers' Bunny Stream settings). */
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [library, setLibrary] = useState(initial);
  const [query, setQuery] = useState<MediaQuery>({ q: "", kind: "", folder: "" });
  const [uploadFolder, setUploadFolder] = useState("");
  const [selected, setSelected] = useState<MediaItem | null>(null);
  const narrow = useMediaQuery("(max-width: 48em)");
  const request = useRef(0);

  const refresh = useCallback(async () => {
    const ticket = ++request.current;
    const params: Record<string, string> = { scope };
    if (query.q.trim()) params.q = query.q.trim();
    if (query.kind) params.kind = query.kind;
    if (query.folder) params.folder = query.folder;
    const answer = await mediaClient.list(params).catch(() => null);
    if (answer && ticket === request.current) setLibrary(answer);
  }, [query, scope]);

  useEffect(() => {
    const timer = setTimeout(() => void refresh(), 300);
    return () => clearTimeout(timer);
  }, [refresh]);

  const onUploaded = useCallback(() => void refresh(), [refresh]);
  const details = selected ? (
    <MediaDetails
      key={selected.id}
      item={selected}
      onChanged={(item) => {
        setSelected(item);
        void refresh();
      }}
      onDeleted={() => {
        setSelected(null);
        void refresh();
      }}
    />
  ) : null;

  const used = formatBytes(library.usedBytes, i18n.language);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{t(scope === "all" ? "media.titleAll" : "media.title")}</Title>
        <div style={{ minWidth: 220 }}>
          <Text size="sm" data-testid="media-usage">
            {library.limitBytes === null
              ? t("media.usageUnlimited", { used })
              : t("media.usage", { used, limit: formatBytes(library.limitBytes, i18n.language) })}
          </Text>
          {library.limitBytes ? (
            <Progress
              value={Math.min(100, (library.usedBytes / library.limitBytes) * 100)}
              // Over the limit (the usage meter's grace): the bar is full and says so.
              color={library.usedBytes > library.limitBytes ? "red" : undefined}
              size="sm"
              aria-label={t("media.usageLabel")}
            />
          ) : null}
        </div>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <TextInput
            label={t("media.upload.folder")}
            description={t("media.details.folderHelp")}
            value={uploadFolder}
            onChange={(event) => setUploadFolder(event.currentTarget.value)}
            maxLength={400}
            maw={360}
          />
          <UploadZone folder={uploadFolder} onUploaded={onUploaded} />
        </Stack>
      </Paper>
      <MediaFilters query={query} folders={library.folders} onChange={setQuery} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: selected && !narrow ? 8 : 12 }}>
          {library.items.length === 0 ? (
            <Text c="dimmed" data-testid="media-empty">
              {t("media.empty")}
            </Text>
          ) : (
            <MediaGrid items={library.items} onOpen={setSelected} selectedId={selected?.id} />
          )}
        </Grid.Col>
        {selected && !narrow ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" radius="md">
              {details}
            </Paper>
          </Grid.Col>
        ) : null}
      </Grid>
      {narrow ? (
        <Drawer
          opened={selected !== null}
          onClose={() => setSelected(null)}
          position="bottom"
          size="85%"
          title={t("media.details.title")}
        >
          {details}
        </Drawer>
      ) : null}
      {children}
    </Stack>
  );
}
