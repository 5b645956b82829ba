// Loaded only by the page editor, after hydration (page-editor.tsx lazy-loads this module):
// Puck and its sheet never reach a public page.
import "@puckeditor/core/puck.css";
import { Puck, type Data } from "@puckeditor/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { PageData } from "../../validation";
import type { BlockData } from "../blocks/list-blocks";
import { puckConfig } from "./puck-config";

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
  return (
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
  );
}
