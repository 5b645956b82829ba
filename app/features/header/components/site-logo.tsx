import { Image, Text } from "@mantine/core";
import { siteNameOf, type AccountSummary } from "~/features/accounts/accounts";
import { safeUrl } from "~/platform/safe-values";
import classes from "./site-header.module.css";

/**
 * The account's logo (dark variant in dark theme) or its title when it has none (P4). `scale`
 * shrinks it for the footer; on narrow screens it shrinks further to fit beside the controls.
 */
export function SiteLogo({ account, scale = 1 }: { account: AccountSummary; scale?: number }) {
  const { logo_width } = account.settings;
  // Settings are read as stored: only a safe address reaches src, only a number the width.
  const logo = safeUrl(account.settings.logo);
  const dark_logo = safeUrl(account.settings.dark_logo);
  const title = siteNameOf(account);
  if (!logo) {
    return (
      <Text fw={800} fz={scale < 1 ? "lg" : "xl"} className={classes.title}>
        {title}
      </Text>
    );
  }
  // Spec §9: the width setting is multiplied by 16 (default 64 px), height at most 64.
  const units =
    typeof logo_width === "number" && logo_width > 0 && logo_width <= 40 ? logo_width : 4;
  const width = units * 16 * scale;
  const height = 64 * scale;
  return (
    <>
      <Image
        src={logo}
        alt={title}
        w={width}
        maw="100%"
        mah={height}
        fit="contain"
        darkHidden={Boolean(dark_logo)}
      />
      {dark_logo ? (
        <Image
          src={dark_logo}
          alt={title}
          w={width}
          maw="100%"
          mah={height}
          fit="contain"
          lightHidden
        />
      ) : null}
    </>
  );
}
