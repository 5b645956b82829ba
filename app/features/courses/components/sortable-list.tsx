import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";

/** One sortable row; `children` places its drag handle. */
export function Sortable({
  id,
  handleLabel,
  children,
  testId,
}: {
  id: string;
  handleLabel: string;
  children: (handle: ReactNode) => ReactNode;
  testId: string;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } =
    useSortable({ id });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={handleLabel}
      style={{ cursor: "grab", touchAction: "none" }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
  return (
    <li
      ref={setNodeRef}
      data-testid={testId}
      data-key={id}
      style={{ transform: CSS.Translate.toString(transform), transition, listStyle: "none" }}
    >
      {children(handle)}
    </li>
  );
}

/** Drag and drop (pointer or keyboard: space, arrows, space) over one list of keys. */
export function SortableList({
  keys,
  labelOf,
  onMove,
  children,
}: {
  keys: string[];
  labelOf: (key: string) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t("siteSettings.menu.dnd.picked", { label: labelOf(String(active.id)) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("siteSettings.menu.dnd.over", {
            label: labelOf(String(active.id)),
            target: labelOf(String(over.id)),
          })
        : undefined,
    onDragEnd: ({ active }) =>
      t("siteSettings.menu.dnd.dropped", { label: labelOf(String(active.id)) }),
    onDragCancel: ({ active }) =>
      t("siteSettings.menu.dnd.cancelled", { label: labelOf(String(active.id)) }),
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = keys.indexOf(String(active.id));
    const to = keys.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t("siteSettings.menu.dnd.instructions") },
      }}
      onDragEnd={dropped}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
