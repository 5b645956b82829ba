import { Group, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { mediaKindList } from "../media-types";

export type MediaQuery = { q: string; kind: string; folder: string };

/** Search by name or alt text, filter by kind and folder. */
export function MediaFilters({
  query,
  folders,
  onChange,
}: {
  query: MediaQuery;
  folders: string[];
  onChange: (query: MediaQuery) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t("media.filters.search")}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query.q}
        onChange={(event) => onChange({ ...query, q: event.currentTarget.value })}
        style={{ flex: "1 1 200px" }}
      />
      <Select
        label={t("media.filters.kind")}
        value={query.kind}
        onChange={(kind) => onChange({ ...query, kind: kind ?? "" })}
        data={[
          { value: "", label: t("media.filters.allKinds") },
          ...mediaKindList.map((kind) => ({ value: kind, label: t(`media.kinds.${kind}`) })),
        ]}
        allowDeselect={false}
        w={170}
      />
      <Select
        label={t("media.filters.folder")}
        value={query.folder}
        onChange={(folder) => onChange({ ...query, folder: folder ?? "" })}
        data={[
          { value: "", label: t("media.filters.allFolders") },
          ...folders.map((folder) => ({ value: folder, label: folder })),
        ]}
        allowDeselect={false}
        w={190}
      />
    </Group>
  );
}
