import { Button, Code, Group, Menu, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CampaignBlock } from "../campaign-shapes";
import { BlockCard, type DraftBlock } from "./campaign-block-card";
import type { ErrorAt } from "./campaign-editor";
import { blockTypes, useCampaignWords, type BlockType } from "./campaign-words";

export type { DraftBlock };

/** The schema's limit of blocks in one campaign. */
const BLOCKS_MAX = 100;

let lastUid = 0;
const nextUid = () => `block-${++lastUid}`;

/** A stored block as the editor keeps it. */
export const draftBlock = (block: CampaignBlock): DraftBlock => ({ ...block, uid: nextUid() });

/** What is sent (and previewed) of a block: all but the editor's key. */
export function sentBlock({ uid: _uid, ...block }: DraftBlock): CampaignBlock {
  return block;
}

/**
 * The campaign's blocks in order, each edited in place, with the merge tags the owner may write
 * and a menu to add a heading, text, button, image or divider.
 */
export function BlockList({
  blocks,
  readOnly = false,
  errorAt,
  onChange,
  onRestructure,
}: {
  blocks: DraftBlock[];
  /** A campaign that has started: its blocks as sent, none added, moved or changed. */
  readOnly?: boolean;
  errorAt: ErrorAt;
  onChange: (index: number, next: DraftBlock) => void;
  /** Blocks added, removed or moved. */
  onRestructure: (next: DraftBlock[]) => void;
}) {
  const { t } = useTranslation();
  const words = useCampaignWords();
  const title = useId();
  const starting: Record<BlockType, CampaignBlock> = {
    heading: { type: "heading", text: "" },
    text: { type: "text", text: "" },
    button: { type: "button", label: t("campaigns.screen.defaults.button"), href: "" },
    image: { type: "image", src: "", alt: "", href: "" },
    divider: { type: "divider" },
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...blocks];
    const [one] = next.splice(index, 1);
    next.splice(index + by, 0, one!);
    onRestructure(next);
  };
  const blocksIssue = errorAt("blocks", true);

  return (
    <Stack gap="sm" component="section" aria-labelledby={title}>
      <Title order={3} size="h4" id={title}>
        {t("campaigns.screen.blocks.title")}
      </Title>
      {readOnly ? null : <MergeTagHint />}
      {blocksIssue ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {blocksIssue}
        </Text>
      ) : null}
      {blocks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("campaigns.screen.blocks.empty")}
        </Text>
      ) : null}
      {blocks.map((block, index) => (
        <BlockCard
          key={block.uid}
          block={block}
          index={index}
          count={blocks.length}
          readOnly={readOnly}
          errorAt={(path) => errorAt(`blocks.${index}.${path}`)}
          onChange={(next) => onChange(index, next)}
          onMove={(by) => move(index, by)}
          onRemove={() => onRestructure(blocks.filter((_, i) => i !== index))}
        />
      ))}
      {readOnly ? null : (
        <Group>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={blocks.length >= BLOCKS_MAX}
                data-testid="add-block"
              >
                {t("campaigns.screen.blocks.add")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {blockTypes.map((type) => (
                <Menu.Item
                  key={type}
                  onClick={() => onRestructure([...blocks, draftBlock(starting[type])])}
                >
                  {words.blocks[type]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
    </Stack>
  );
}

/** The merge tags a heading, text or button may use, each filled in for its reader. */
function MergeTagHint() {
  const { t } = useTranslation();
  const tags = [
    [`{{first_name | ${t("campaigns.screen.mergeTags.fallback")}}}`, "firstName"],
    ["{{name}}", "name"],
    ["{{email}}", "email"],
  ] as const;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Stack gap={6}>
        <Text size="sm">{t("campaigns.screen.mergeTags.help")}</Text>
        {tags.map(([tag, meaning]) => (
          <Group key={meaning} gap="xs" wrap="nowrap">
            <Code>{tag}</Code>
            <Text size="sm" c="dimmed">
              {t(`campaigns.screen.mergeTags.${meaning}`)}
            </Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t("campaigns.screen.mergeTags.fields")}
        </Text>
      </Stack>
    </Paper>
  );
}
