import { Badge, Card, Image, SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import { IconFile, IconFileMusic, IconMovie } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MediaItem } from "../media-types";

const kindIcon = { video: IconMovie, audio: IconFileMusic } as const;

/** Files as tiles: a thumbnail (or the kind's icon), the name, the kind. */
export function MediaGrid({
  items,
  onOpen,
  selectedId,
}: {
  items: MediaItem[];
  onOpen: (item: MediaItem) => void;
  selectedId?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" data-testid="media-grid">
      {items.map((item) => {
        const Icon = kindIcon[item.kind as keyof typeof kindIcon] ?? IconFile;
        return (
          <UnstyledButton
            key={item.id}
            onClick={() => onOpen(item)}
            aria-label={t("media.grid.open", { name: item.name })}
            aria-pressed={selectedId === item.id}
            data-testid="media-tile"
          >
            <Card
              withBorder
              padding="xs"
              radius="md"
              style={
                selectedId === item.id
                  ? { outline: "2px solid var(--mantine-primary-color-filled)" }
                  : undefined
              }
            >
              <Card.Section>
                {item.thumbnail ? (
                  <Image src={item.thumbnail} alt={item.alt} h={110} fit="cover" loading="lazy" />
                ) : (
                  <div style={{ height: 110, display: "grid", placeItems: "center" }}>
                    <Icon size={40} stroke={1.3} aria-hidden />
                  </div>
                )}
              </Card.Section>
              <Text size="xs" mt={6} truncate>
                {item.name}
              </Text>
              <Badge size="xs" variant="light" mt={4}>
                {t(`media.kinds.${item.kind}`)}
              </Badge>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
