import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // The whole route manifest as one immutable file the browser caches, instead of each page
  // inlining the part around its address, which the server had to find by matching every
  // ancestor path against every route on every signed-in render (decision 060).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
