import type { AccountSummary } from "~/features/accounts/accounts";
import { MANIFEST_PATH } from "../validation";
import { appIconSource, appIconUrl, themeColourOf } from "../web-app";

/**
 * The installable web app's links in the page's head (React hoists them there): the site's
 * manifest, its colour for the browser's bar, and the icon a home screen takes.
 */
export function WebAppLinks({
  account,
  primaryColor,
}: {
  account: Pick<AccountSummary, "settings" | "slug">;
  primaryColor: string | undefined;
}) {
  const colour = themeColourOf(primaryColor);
  const source = appIconSource(account, colour);
  return (
    <>
      <link rel="manifest" href={MANIFEST_PATH} />
      <meta name="theme-color" content={colour} />
      <link rel="apple-touch-icon" href={appIconUrl(source, 192)} />
    </>
  );
}
