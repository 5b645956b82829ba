import { Box, Image } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";

const placeholderColours = ["blue", "teal", "grape", "orange", "cyan", "pink", "indigo", "lime"];

/** The same colour for the same group on every visit (a stable hash of its id). */
function colourOf(seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) | 0;
  return placeholderColours[Math.abs(hash) % placeholderColours.length]!;
}

/**
 * A group's cover: its image, or a band of a colour of its own with an icon. The theme's light
 * variant of the colour keeps it readable in both colour schemes.
 */
export function GroupCover({
  id,
  cover,
  height,
  radius = 0,
}: {
  id: string;
  cover: string;
  height: number;
  radius?: number | string;
}) {
  if (cover) return <Image src={cover} alt="" h={height} fit="cover" radius={radius} />;
  const colour = colourOf(id);
  return (
    <Box
      aria-hidden
      h={height}
      data-testid="group-cover-placeholder"
      style={{
        borderRadius: radius,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: `var(--mantine-color-${colour}-light)`,
        color: `var(--mantine-color-${colour}-light-color)`,
      }}
    >
      <IconUsersGroup size={Math.min(48, height / 2)} stroke={1.5} />
    </Box>
  );
}
