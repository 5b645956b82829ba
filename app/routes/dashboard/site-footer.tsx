// Until its editor lands, this screen answers like any other section (routes/dashboard/section.tsx).
export { loader, meta } from "./section";
export { default } from "./section";
