// The pages feature's door (client-safe): what other features and routes may use.
export * from "./components/doc-screen";
export * from "./components/docs-screen";
export * from "./components/page-screen";
export { PageEditor } from "./components/page-editor";
export { PageList } from "./components/page-list";
export { editorPaths, editorScopeOf, scopeKind, type EditorScope } from "./editor-scope";
export type { PageData } from "./validation";
