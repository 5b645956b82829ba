import { Image, Text } from "@mantine/core";
import type { AccountSummary } from "~/features/accounts/tenant";
import classes from "./site-frame.module.css";

/** The account's logo (dark variant in dark theme) or its title when it has none (P4). */
export function SiteLogo({ account, height = 64 }: { account: AccountSummary; height?: number }) {
  const { logo, dark_logo, logo_width, sitetitle } = account.settings;
  const title = sitetitle ?? account.slug;
  if (!logo) {
    return (
      <Text fw={800} fz={height < 64 ? "lg" : "xl"} className={classes.title}>
        {title}
      </Text>
    );
  }
  // Spec §9: the width setting is multiplied by 16 (default 64 px), height at most 64.
  const width = ((logo_width ?? 4) * 16 * height) / 64;
  return (
    <>
      <Image
        src={logo}
        alt={title}
        w={width}
        mah={height}
        fit="contain"
        darkHidden={Boolean(dark_logo)}
      />
      {dark_logo ? (
        <Image src={dark_logo} alt={title} w={width} mah={height} fit="contain" lightHidden />
      ) : null}
    </>
  );
}
