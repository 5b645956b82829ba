// The courses feature's door (client-safe): what other features and routes may use.
export * from "./components/course-screen";
export * from "./components/courses-screen";
export * from "./price";
