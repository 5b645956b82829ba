// The appointments island (decision 048): the public booking page's times and its Book button,
// awake at load since the times are written in the visitor's own zone.
import { defineIsland } from "~/platform/islands/island";
import { BookingPanel } from "./components/booking-panel";

export const BookingPanelIsland = defineIsland("booking-panel", BookingPanel, { trigger: "load" });
