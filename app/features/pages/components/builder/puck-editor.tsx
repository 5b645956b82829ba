// Loaded only by the page editor, after hydration (page-editor.tsx lazy-loads this module):
// the sheet without external fonts (the strict CSP allows none, and pages fetch nothing foreign);
// Puck and its sheet never reach a public page.
import "@puckeditor/core/no-external.css";
import { Puck, type Data } from "@puckeditor/core";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PageData } from "../../validation";
import type { BlockData } from "../blocks/list-blocks";
import classes from "./puck-editor.module.css";
import { puckConfig } from "./puck-config";

/**
 * Two gaps of Puck's markup, mended as its parts appear: its spinner is a span with an
 * aria-label and no role (ignored by assistive technology), and its canvas scrolls on narrow
 * screens without being reachable by keyboard — it becomes a named, focusable region.
 */
function usePuckAccessibility(root: React.RefObject<HTMLDivElement | null>, canvasName: string) {
  useEffect(() => {
    const holder = root.current;
    if (!holder) return;
    const name = () => {
      for (const span of holder.querySelectorAll("span[aria-label]:not([role])"))
        span.setAttribute("role", "img");
      for (const canvas of holder.querySelectorAll('[class*="_PuckCanvas_"]:not([tabindex])')) {
        canvas.setAttribute("tabindex", "0");
        canvas.setAttribute("role", "region");
        canvas.setAttribute("aria-label", canvasName);
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(holder, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root, canvasName]);
}

/** The visual builder: drag blocks from the left, edit the selected one's fields on the right. */
export default function PuckEditor({
  data,
  blockData,
  onChange,
}: {
  data: PageData;
  blockData: BlockData;
  onChange: (data: PageData) => void;
}) {
  const { t } = useTranslation();
  const config = useMemo(() => puckConfig(t, blockData), [t, blockData]);
  const root = useRef<HTMLDivElement>(null);
  usePuckAccessibility(root, t("pages.editor.canvas"));
  return (
    <div ref={root} className={classes.builder}>
      <Puck
        config={config}
        data={data as Partial<Data>}
        onChange={(next) => onChange(next as PageData)}
        // The preview is the page's own markup in this document (Mantine's variables apply, and
        // the strict dashboard CSP needs no frame).
        iframe={{ enabled: false }}
        // Saving is the editor's own (draft, publish, schedule): Puck's header stays out.
        overrides={{ header: () => <></> }}
        height="min(80vh, 900px)"
      />
    </div>
  );
}
