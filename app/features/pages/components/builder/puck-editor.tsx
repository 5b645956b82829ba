// Loaded only by the page editor, after hydration (page-editor.tsx lazy-loads this module):
// the sheet without external fonts (the strict CSP allows none, and pages fetch nothing foreign);
// Puck and its sheet never reach a public page.
import "@puckeditor/core/no-external.css";
import { Puck, type Data } from "@puckeditor/core";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PageData } from "../../validation";
import type { BlockData } from "../blocks/list-blocks";
import classes from "./puck-editor.module.css";
import { puckConfig } from "./puck-config";
import { puckDictionary } from "./puck-dictionary";
import { onBuilderKeyDown, usePuckMending, type MendingWords } from "./puck-mending";

/** Every block of the page by id, columns' blocks included: their types name them. */
function blockTypes(content: readonly unknown[], into = new Map<string, string>()) {
  for (const block of content as { type?: unknown; props?: Record<string, unknown> }[]) {
    const id = block?.props?.id;
    if (typeof id === "string" && typeof block.type === "string") into.set(id, block.type);
    for (const value of Object.values(block?.props ?? {}))
      if (Array.isArray(value)) blockTypes(value, into);
  }
  return into;
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
  const dictionary = useMemo(() => puckDictionary(t), [t]);
  // The page's blocks as they are now (Puck keeps its own copy; this one follows its changes).
  const types = useRef(new Map<string, string>());
  useEffect(() => {
    types.current = blockTypes(data.content);
  }, [data]);
  const words = useMemo<MendingWords>(
    () => ({
      canvas: t("pages.editor.canvas"),
      draggable: t("pages.editor.draggable"),
      dragInstructions: t("pages.editor.dragInstructions"),
      blockName: (id) => {
        const type = types.current.get(id);
        return type ? t(`pages.blocks.${type}`, { defaultValue: type }) : undefined;
      },
    }),
    [t],
  );
  const root = useRef<HTMLDivElement>(null);
  usePuckMending(root, words);
  return (
    // Keys reach the panel bar's mended buttons and the canvas's blocks (puck-mending).
    <div ref={root} className={classes.builder} onKeyDown={onBuilderKeyDown}>
      <Puck
        config={config}
        data={data as Partial<Data>}
        onChange={(next) => onChange(next as PageData)}
        dictionary={dictionary}
        // The preview is the page's own markup in this document (Mantine's variables apply, and
        // the strict dashboard CSP needs no frame).
        iframe={{ enabled: false }}
        // Saving is the editor's own (draft, publish, schedule): Puck's header stays out.
        overrides={{ header: () => <></> }}
        // Taller on a phone (puck-editor.module.css): the panels slide up from the bottom there.
        height="var(--builder-height)"
      />
    </div>
  );
}
