// The maintenance feature's client door: what routes may render.
export { CronsScreenView } from "./components/crons-screen";
export * from "./crons-shapes";
