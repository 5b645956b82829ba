import { Box, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { AccountSummary } from "~/features/accounts/tenant";
import type { SiteChrome } from "../site.server";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import classes from "./site-frame.module.css";

function HeaderNotice({ notices }: { notices: NonNullable<SiteChrome["header"]>["notices"] }) {
  return (
    <Box bg={notices.header_notice_bg} c="white" py={8} px="md" ta="center" role="status">
      <Text size="sm" fw={500}>
        {notices.header_notice}
      </Text>
    </Box>
  );
}

/** The public site's frame: notice, header, content and footer, styled by the account's theme. */
export function SiteFrame({
  account,
  chrome,
  userArea,
  children,
}: {
  account: AccountSummary;
  chrome: SiteChrome;
  /** Log-in buttons or the user menu, supplied by the route (it knows the viewer). */
  userArea: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box className={classes.page} data-body-style={chrome.theme.bodyStyle}>
      {chrome.header && chrome.headerNoticeActive ? (
        <HeaderNotice notices={chrome.header.notices} />
      ) : null}
      <SiteHeader account={account} chrome={chrome} userArea={userArea} />
      <Box component="main" id="content" className={classes.main}>
        {children}
      </Box>
      <SiteFooter footer={chrome.footer} siteTitle={account.settings.sitetitle ?? account.slug} />
    </Box>
  );
}
