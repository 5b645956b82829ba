import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { ServerServices } from "../../server/app-env";
import { attachRealtime } from "../../server/realtime";
import type { createTestApp } from "./test-server";

/**
 * The test app on a real port (127.0.0.1, any free one) with the realtime WebSocket attached,
 * as server/main.ts runs it. `stop` closes the sockets and the server.
 */
export async function listenWithRealtime(
  app: ReturnType<typeof createTestApp>["app"],
  services: ServerServices,
) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await once(server, "listening");
  const realtime = attachRealtime(server, services);
  return {
    port: (server.address() as AddressInfo).port,
    async stop() {
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
