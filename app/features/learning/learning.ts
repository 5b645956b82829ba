// The learning feature's door (client-safe): the player, the enrol call to action, the screens.
export * from "./components/course-player";
export * from "./components/enrol-action";
export { LockNotice } from "./components/player-parts";
export { lessonPath } from "./paths";
export * from "./components/my-courses-screen";
export * from "./components/students-screen";
export * from "./curriculum";
export * from "./validation";
