// The posts feature's door (client-safe): what other features and routes may use.
export * from "./components/blog-screen";
export * from "./components/post-grid";
export * from "./components/post-screen";
export * from "./post-editing";
export * from "./feed-links";
export { PostEditor } from "./components/post-editor";
export { PostList } from "./components/post-list";
export { PostsTabs } from "./components/posts-tabs";
export { PostRevisions, type RevisionRow } from "./components/post-revisions";
