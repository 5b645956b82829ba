/** What `npm run bench` loads. Later issues add their hot paths here. */
export const targets = [
  { name: "GET /api/health", host: "localhost", path: "/api/health" },
  { name: "account / (demo)", host: "demo.localhost", path: "/" },
  { name: "platform /", host: "localhost", path: "/" },
];
