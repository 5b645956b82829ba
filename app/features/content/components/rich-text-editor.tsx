import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { Link, RichTextEditor } from "@mantine/tiptap";
import { IconLibraryPhoto, IconMovie, IconPhoto } from "@tabler/icons-react";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import { CharacterCount, Placeholder } from "@tiptap/extensions";
import { useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Suspense, useState } from "react";
import { MediaPicker } from "~/features/media/media";
import { useTranslation } from "~/platform/i18n/use-translation";
import { embedOf } from "../embeds";
import { EmbedNode } from "./embed-node";
import classes from "./rich-text-editor.module.css";

const labelKeys = [
  "boldControlLabel",
  "italicControlLabel",
  "underlineControlLabel",
  "strikeControlLabel",
  "clearFormattingControlLabel",
  "codeControlLabel",
  "codeBlockControlLabel",
  "blockquoteControlLabel",
  "hrControlLabel",
  "bulletListControlLabel",
  "orderedListControlLabel",
  "linkControlLabel",
  "unlinkControlLabel",
  "undoControlLabel",
  "redoControlLabel",
  "tableInsertControlLabel",
  "linkEditorInputLabel",
  "linkEditorInputPlaceholder",
  "linkEditorExternalLink",
  "linkEditorInternalLink",
  "linkEditorSave",
] as const;

function InsertDialog({
  kind,
  onClose,
  editor,
}: {
  kind: "image" | "embed" | null;
  onClose: () => void;
  editor: Editor;
}) {
  const { t } = useTranslation();
  const [address, setAddress] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);

  function insert() {
    const url = address.trim();
    if (kind === "embed") {
      if (!embedOf(url)) return setError(t("content.editor.embedUnknown"));
      editor.chain().focus().setEmbed(url).run();
    } else {
      if (!/^(https:\/\/|\/[^/\\])/.test(url)) return setError(t("content.editor.imageUrlInvalid"));
      editor.chain().focus().setImage({ src: url, alt: alt.trim() }).run();
    }
    setAddress("");
    setAlt("");
    setError(null);
    onClose();
  }

  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={t(kind === "embed" ? "content.editor.embedTitle" : "content.editor.imageTitle")}
    >
      <Stack>
        <TextInput
          label={t(kind === "embed" ? "content.editor.embedUrl" : "content.editor.imageUrl")}
          description={kind === "embed" ? t("content.editor.embedHelp") : undefined}
          value={address}
          error={error}
          onChange={(event) => {
            setAddress(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        {kind === "image" ? (
          <TextInput
            label={t("content.editor.imageAlt")}
            description={t("content.editor.imageAltHelp")}
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("content.editor.cancel")}
          </Button>
          <Button onClick={insert}>{t("content.editor.insert")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The rich-text editor of posts (and docs): Tiptap through Mantine's toolbar, with headings,
 * lists, quotes, code, tables, links, images and video or audio embeds. Its value is HTML; the
 * server sanitises it again before it is stored.
 */
export function ContentEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<"image" | "embed" | null>(null);
  const [picking, setPicking] = useState(false);
  const editor = useEditor({
    // Rendered on the server too: the editor starts in the browser, after hydration.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }),
      Link,
      Image,
      TableKit.configure({ table: { resizable: false } }),
      EmbedNode,
      Placeholder.configure({ placeholder: t("content.editor.placeholder") }),
      CharacterCount,
    ],
    content: value,
    editorProps: { attributes: { "aria-label": label, role: "textbox", "aria-multiline": "true" } },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const labels = {
    ...Object.fromEntries(labelKeys.map((key) => [key, t(`content.editor.rte.${key}`)])),
    tableInsertLabel: (cols: number, rows: number) =>
      t("content.editor.rte.tableInsertLabel", { rows, cols }),
  };
  const words = editor?.storage.characterCount.words() ?? 0;

  return (
    <>
      <RichTextEditor editor={editor} labels={labels} className={classes.editor}>
        <RichTextEditor.Toolbar sticky stickyOffset={60}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.CodeBlock />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.Control
              onClick={() => setDialog("image")}
              aria-label={t("content.editor.insertImage")}
              title={t("content.editor.insertImage")}
            >
              <IconPhoto size={16} stroke={1.5} aria-hidden />
            </RichTextEditor.Control>
            <RichTextEditor.Control
              onClick={() => setPicking(true)}
              aria-label={t("media.picker.insertImage")}
              title={t("media.picker.insertImage")}
              data-testid="image-from-library"
            >
              <IconLibraryPhoto size={16} stroke={1.5} aria-hidden />
            </RichTextEditor.Control>
            <RichTextEditor.Control
              onClick={() => setDialog("embed")}
              aria-label={t("content.editor.insertEmbed")}
              title={t("content.editor.insertEmbed")}
            >
              <IconMovie size={16} stroke={1.5} aria-hidden />
            </RichTextEditor.Control>
            <RichTextEditor.TableInsert />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      <Text size="xs" c="dimmed" mt={4} data-testid="word-count">
        {t("content.editor.words", { count: words })}
      </Text>
      {editor && picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            opened={picking}
            onClose={() => setPicking(false)}
            kind="image"
            onPick={(item) =>
              editor.chain().focus().setImage({ src: item.url, alt: item.alt }).run()
            }
          />
        </Suspense>
      ) : null}
      {editor ? (
        <InsertDialog kind={dialog} onClose={() => setDialog(null)} editor={editor} />
      ) : null}
    </>
  );
}
