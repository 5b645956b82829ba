// Signed-in extras of a public page (decision 048): the user menu, and the session keeper,
// which runs at load (signed-in pages are never served from the page cache).
import { defineIsland } from "~/platform/islands/island";
import { SessionKeeper } from "./components/session-keeper";
import { UserArea } from "./components/user-area";

export const UserAreaIsland = defineIsland("user-area", UserArea);
export const SessionKeeperIsland = defineIsland("session-keeper", SessionKeeper, {
  trigger: "load",
});
