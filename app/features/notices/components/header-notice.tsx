import { CloseButton, Text } from "@mantine/core";
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { readableTextColor } from "~/platform/color-contrast";
import { useNonce } from "~/platform/csp-nonce";
import { cssColour } from "~/platform/safe-values";
import {
  hideDismissedNoticeScript,
  noticeDismissedThisSession,
  rememberNoticeDismissed,
} from "../header-notice-dismissal";
import classes from "./header-notice.module.css";

const DEFAULT_NOTICE_BG = "#1c7ed6";

const noChanges = () => () => {};

/**
 * The header notice banner (P14). Whether it is active (enabled, started, not expired) is decided
 * on the server; dismissal is the visitor's own and lives in sessionStorage, so the HTML stays the
 * same for every visitor and can be cached.
 */
export function HeaderNotice({ text, background }: { text: string; background: string }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  // A colour, whatever was stored: the style attribute holds nothing else.
  const colour = cssColour(background, DEFAULT_NOTICE_BG);
  // The server and hydration render the notice; the browser's session decides right after.
  const dismissedBefore = useSyncExternalStore(noChanges, noticeDismissedThisSession, () => false);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || dismissedBefore) return null;
  return (
    <>
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: hideDismissedNoticeScript }}
        suppressHydrationWarning
      />
      <div
        className={classes.notice}
        style={{ background: colour, color: readableTextColor(colour) }}
        role="region"
        aria-label={t("chrome.notice.label")}
        data-testid="header-notice"
        data-enhance="header-notice"
      >
        <Text size="sm" fw={500} c="inherit">
          {text}
        </Text>
        <CloseButton
          className={classes.noticeClose}
          size="md"
          aria-label={t("chrome.notice.dismiss")}
          data-dismiss
          onClick={() => {
            rememberNoticeDismissed();
            setDismissed(true);
          }}
        />
      </div>
    </>
  );
}
