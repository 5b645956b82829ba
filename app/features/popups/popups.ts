// M5 popups, both sides of the wire: shapes and the owner's screen.
export * from "./popup-shapes";
export { PopupsScreen } from "./components/popups-screen";
