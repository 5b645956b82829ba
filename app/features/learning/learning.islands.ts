// Learning's island (decision 048): a free course's Enrol button, which asks the server and
// opens the player. The course page's other calls to action are plain links.
import { defineIsland } from "~/platform/islands/island";
import { EnrolAction } from "./components/enrol-action";

export const EnrolActionIsland = defineIsland("enrol-action", EnrolAction);
