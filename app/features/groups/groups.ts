// The groups feature's door for routes and other features (issue 35, decision 064).
export * from "./group-shapes";
export { GroupsScreen } from "./components/groups-screen";
export { GroupScreen } from "./components/group-screen";
export { RelativeTime } from "./components/relative-time";
