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
 * Puck's spinner is a span with an aria-label and no role, which assistive technology ignores
 * (and axe refuses): each one gets role="img" as it appears.
 */
function useNamedSpinners(root: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const holder = root.current;
    if (!holder) return;
    const name = () => {
      for (const span of holder.querySelectorAll("span[aria-label]:not([role])"))
        span.setAttribute("role", "img");
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(holder, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
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
  useNamedSpinners(root);
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
