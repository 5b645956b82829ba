// The comments feature's client-safe door: the rules, the post page's thread and the queue.
export * from "./comment-rules";
export { PostComments, type PostCommentsProps } from "./components/post-comments";
export { commentAnswerOf, type CommentAnswer } from "./comment-send";
export { CommentModeration, type CommentModerationProps } from "./components/comment-moderation";
