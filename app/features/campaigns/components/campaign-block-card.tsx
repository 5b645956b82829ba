import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CampaignBlock } from "../campaign-shapes";
import { CampaignTextField } from "./campaign-text-field";
import { useCampaignWords } from "./campaign-words";

/** A block in the editor: the campaign's own block with a key of the editor's (never sent). */
export type DraftBlock = CampaignBlock & { uid: string };

type Props = {
  block: DraftBlock;
  index: number;
  count: number;
  /** A campaign that has started: the block's values to read and copy, nothing to change. */
  readOnly: boolean;
  /** The message of the issue at a path inside this block ("text", "href"), if any. */
  errorAt: (path: string) => string | undefined;
  onChange: (next: DraftBlock) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** One block of the campaign: its words, link or picture, edited in place; moved or removed. */
export function BlockCard({
  block,
  index,
  count,
  readOnly,
  errorAt,
  onChange,
  onMove,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const words = useCampaignWords();
  const type = words.blocks[block.type];
  const item = t("campaigns.screen.blocks.item", { number: index + 1, type });

  return (
    <Paper withBorder radius="md" p="md" data-testid="campaign-block">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={1}>
            {item}
          </Text>
          {readOnly ? null : (
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                disabled={index === 0}
                aria-label={t("campaigns.screen.blocks.moveUp", { item })}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                disabled={index === count - 1}
                aria-label={t("campaigns.screen.blocks.moveDown", { item })}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t("campaigns.screen.blocks.remove", { item })}
                onClick={onRemove}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Group>
        <BlockFields block={block} readOnly={readOnly} errorAt={errorAt} onChange={onChange} />
      </Stack>
    </Paper>
  );
}

/** The fields of a block, by its type. */
function BlockFields({
  block,
  readOnly,
  errorAt,
  onChange,
}: Pick<Props, "block" | "readOnly" | "errorAt" | "onChange">) {
  const { t } = useTranslation();
  switch (block.type) {
    case "heading":
      return (
        <CampaignTextField
          readOnly={readOnly}
          label={t("campaigns.screen.blocks.headingText")}
          value={block.text}
          maxLength={200}
          error={errorAt("text")}
          onChange={(event) => onChange({ ...block, text: event.currentTarget.value })}
        />
      );
    case "text":
      return (
        <Textarea
          readOnly={readOnly}
          label={t("campaigns.screen.blocks.text")}
          description={t("campaigns.screen.blocks.textHelp")}
          autosize
          minRows={4}
          value={block.text}
          error={errorAt("text")}
          onChange={(event) => onChange({ ...block, text: event.currentTarget.value })}
        />
      );
    case "button":
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CampaignTextField
            readOnly={readOnly}
            label={t("campaigns.screen.blocks.label")}
            value={block.label}
            maxLength={80}
            error={errorAt("label")}
            onChange={(event) => onChange({ ...block, label: event.currentTarget.value })}
          />
          <CampaignTextField
            readOnly={readOnly}
            label={t("campaigns.screen.blocks.href")}
            description={t("campaigns.screen.blocks.hrefHelp")}
            placeholder="https://"
            value={block.href}
            error={errorAt("href")}
            onChange={(event) => onChange({ ...block, href: event.currentTarget.value })}
          />
        </SimpleGrid>
      );
    case "image":
      return (
        <Stack gap="sm">
          <CampaignTextField
            readOnly={readOnly}
            label={t("campaigns.screen.blocks.src")}
            description={t("campaigns.screen.blocks.srcHelp")}
            placeholder="https://"
            value={block.src}
            error={errorAt("src")}
            onChange={(event) => onChange({ ...block, src: event.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CampaignTextField
              readOnly={readOnly}
              label={t("campaigns.screen.blocks.alt")}
              description={t("campaigns.screen.blocks.altHelp")}
              value={block.alt}
              maxLength={200}
              error={errorAt("alt")}
              onChange={(event) => onChange({ ...block, alt: event.currentTarget.value })}
            />
            <CampaignTextField
              readOnly={readOnly}
              label={t("campaigns.screen.blocks.imageHref")}
              description={t("campaigns.screen.blocks.imageHrefHelp")}
              placeholder="https://"
              value={block.href}
              error={errorAt("href")}
              onChange={(event) => onChange({ ...block, href: event.currentTarget.value })}
            />
          </SimpleGrid>
        </Stack>
      );
    case "divider":
      return (
        <Text size="sm" c="dimmed">
          {t("campaigns.screen.blocks.dividerHelp")}
        </Text>
      );
  }
}
