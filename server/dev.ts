// `npm run dev`: the same Hono app, loaded through Vite with hot module replacement.
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createServer as createViteServer } from "vite";

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const { boot } = (await vite.ssrLoadModule("./server/boot.ts")) as typeof import("./boot.ts");
const { app, services, attachRealtime } = await boot({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
});
const listener = getRequestListener(app.fetch);
const server = http.createServer((req, res) =>
  vite.middlewares(req, res, () => listener(req, res)),
);
const realtime = attachRealtime(server);
server.listen(services.env.PORT, services.env.HOST, () => {
  // The bound port, not the asked one: PORT=0 asks the system for a free one.
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : services.env.PORT;
  console.log(`Lyceum (dev) listening on http://localhost:${port}`);
});

async function stop() {
  await realtime.close();
  await services.jobs.stop();
  server.close();
  await vite.close();
  await services.database.close();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
