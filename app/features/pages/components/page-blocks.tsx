import { Text, Title } from "@mantine/core";
import type { PageData } from "../validation";

/**
 * Read-only renderer of a page's blocks. Text is rendered as text (React escapes it); block types
 * this version does not know are skipped, so a newer editor never breaks an older site.
 */
export function PageBlocks({ blocks }: { blocks: PageData["content"] }) {
  return blocks.map((block) => {
    const text = typeof block.props.text === "string" ? block.props.text : "";
    if (block.type === "Heading") {
      return (
        <Title key={block.props.id} order={2} mt="lg" mb="sm">
          {text}
        </Title>
      );
    }
    if (block.type === "Text") {
      return (
        <Text key={block.props.id} size="lg" mb="md" lh={1.7}>
          {text}
        </Text>
      );
    }
    return null;
  });
}
