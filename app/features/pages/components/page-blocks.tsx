import { Text, Title } from "@mantine/core";
import type { PageData } from "../validation";

/**
 * Read-only renderer of a page's blocks. Text is rendered as text (React escapes it); block types
 * this version does not know are skipped, so a newer editor never breaks an older site.
 */
export function PageBlocks({
  blocks,
  headingIsTitle = false,
}: {
  blocks: PageData["content"];
  /** The page has no title of its own above the blocks: a leading Heading is its `<h1>`. */
  headingIsTitle?: boolean;
}) {
  return blocks.map((block, index) => {
    const text = typeof block.props.text === "string" ? block.props.text : "";
    if (block.type === "Heading") {
      const isTitle = headingIsTitle && index === 0;
      return (
        <Title key={block.props.id} order={isTitle ? 1 : 2} mt={isTitle ? 0 : "lg"} mb="sm">
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
