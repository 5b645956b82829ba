// The site frame's island (decision 048): the admin bar a manager sees on public pages.
import { defineIsland } from "~/platform/islands/island";
import { AdminBar } from "./components/admin-bar";

export const AdminBarIsland = defineIsland("admin-bar", AdminBar);
