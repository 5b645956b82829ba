import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconGripVertical,
} from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useFetcher } from "react-router";
import { dropDoc, moveDoc, treeEntries, type TreeDoc, type TreeMove } from "../docs-tree";

const moves: { move: TreeMove; icon: typeof IconArrowUp }[] = [
  { move: "up", icon: IconArrowUp },
  { move: "down", icon: IconArrowDown },
  { move: "outdent", icon: IconArrowLeft },
  { move: "indent", icon: IconArrowRight },
];

function DocRow({
  doc,
  onMove,
  editorPath,
}: {
  doc: TreeDoc;
  onMove: (id: string, move: TreeMove) => void;
  editorPath: string;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: doc.id,
  });
  return (
    <li
      ref={setNodeRef}
      data-doc-id={doc.id}
      data-depth={doc.depth}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        marginInlineStart: `calc(${doc.depth} * 1.75rem)`,
        listStyle: "none",
      }}
    >
      <Paper withBorder p="xs" radius="sm">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("pages.list.dragDoc", { title: doc.title })}
            style={{ cursor: "grab", touchAction: "none" }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Anchor component={Link} to={`${editorPath}/${doc.id}`} fw={500} truncate>
              {doc.title}
            </Anchor>
            <Text size="xs" c="dimmed" truncate>
              /docs/{doc.slug}
            </Text>
          </Stack>
          <Badge
            variant="filled"
            autoContrast
            color={doc.status === "published" ? "green" : "gray"}
          >
            {t(`posts.status.${doc.status}`)}
          </Badge>
          <Group gap={2} wrap="nowrap">
            {moves.map(({ move, icon: Icon }) => (
              <ActionIcon
                key={move}
                variant="subtle"
                color="gray"
                data-tree-move={move}
                aria-label={t(`pages.list.move.${move}`, { title: doc.title })}
                onClick={() => onMove(doc.id, move)}
              >
                <Icon size={16} aria-hidden />
              </ActionIcon>
            ))}
          </Group>
        </Group>
      </Paper>
    </li>
  );
}

/**
 * M3 the site's docs as a tree: drag a doc by its handle (or focus the handle and use space
 * and the arrow keys), or move it with its buttons — up, down, out a level, in under the doc
 * above. "Save order" stores every doc's parent and place.
 */
export function DocsTreeView({
  docs: initial,
  editorPath = "/dashboard/pages",
}: {
  docs: TreeDoc[];
  /** Where a doc's builder opens: `{editorPath}/{id}`. */
  editorPath?: string;
}) {
  const { t } = useTranslation();
  const dndId = useId();
  const fetcher = useFetcher<{ ok?: boolean }>();
  const [docs, setDocs] = useState(initial);
  const [saved, setSaved] = useState(initial);
  // The loader's tree after a save or a change elsewhere (adjusting state in render).
  const [loaded, setLoaded] = useState(initial);
  if (loaded !== initial) {
    setLoaded(initial);
    setDocs(initial);
    setSaved(initial);
  }
  const changed = JSON.stringify(treeEntries(docs)) !== JSON.stringify(treeEntries(saved));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onMove(id: string, move: TreeMove) {
    setDocs((current) => moveDoc(current, id, move));
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLButtonElement>(`[data-doc-id="${id}"] [data-tree-move="${move}"]`)
        ?.focus(),
    );
  }
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over) setDocs((current) => dropDoc(current, String(active.id), String(over.id)));
  };

  if (docs.length === 0) return null;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" id={`${dndId}-help`}>
        {t("pages.list.treeHelp")}
      </Text>
      <DndContext
        id={dndId}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={dropped}
      >
        <SortableContext items={docs.map((doc) => doc.id)} strategy={verticalListSortingStrategy}>
          <Stack
            component="ul"
            gap={6}
            p={0}
            m={0}
            aria-describedby={`${dndId}-help`}
            data-testid="docs-tree"
          >
            {docs.map((doc) => (
              <DocRow key={doc.id} doc={doc} onMove={onMove} editorPath={editorPath} />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <Group>
        <Button
          disabled={!changed}
          loading={fetcher.state !== "idle"}
          onClick={() => {
            setSaved(docs);
            void fetcher.submit({ intent: "reorderDocs", docs: treeEntries(docs) } as never, {
              method: "post",
              encType: "application/json",
            });
          }}
        >
          {t("pages.list.saveOrder")}
        </Button>
        <Text size="sm" role="status">
          {fetcher.state === "idle" && fetcher.data?.ok && !changed
            ? t("pages.list.orderSaved")
            : ""}
        </Text>
      </Group>
    </Stack>
  );
}
