// The content machinery's client-safe door: rules editors share (trash, reading time, slugs,
// save states), the embeds posts may hold, and the rich-text editor.
export * from "./content-rules";
export * from "./editing";
export * from "./embeds";
export { storedHtmlClass } from "./stored-html";
export { ContentEditor } from "./components/rich-text-editor";
export * from "./content-languages";
export { LanguageSwitcher } from "./components/language-switcher";
export { ContentTranslations } from "./components/content-translations";
export { contentText, diffFields, type DiffPart, type FieldDiff } from "./revision-diff";
export {
  RevisionCompare,
  type CompareSide,
  type RevisionCompareProps,
} from "./components/revision-compare";
export {
  RevisionHistory,
  type HistorySide,
  type RevisionHistoryProps,
  type RevisionRow,
} from "./components/revision-history";
export { SearchPreview, SeoPanel } from "./components/search-preview";
export { useContentSave, type ContentCommand } from "./components/use-content-save";
export {
  DraftHeading,
  ItemActions,
  SaveButtons,
  SaveProblems,
  SaveState,
  ScheduleControls,
  useDraftEditor,
  type DraftEditor,
} from "./components/draft-editor";
export { ContentTable, ListFilters, type ContentListRow } from "./components/content-list";
export { ListPager, useListFilters } from "./components/list-paging";
