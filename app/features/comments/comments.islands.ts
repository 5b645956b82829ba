// The comments' island (decision 048): the thread with its forms, for a member who may comment.
// A visitor's thread has nothing to do in the browser and stays server HTML.
import { defineIsland } from "~/platform/islands/island";
import { postCommentsIsland } from "./comment-send";
import { PostComments } from "./components/post-comments";

export const PostCommentsIsland = defineIsland(postCommentsIsland, PostComments);
