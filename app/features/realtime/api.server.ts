import { Hono } from "hono";
import { AppError } from "~/platform/errors";

/**
 * The realtime endpoint speaks WebSocket only: the upgrade is taken before Hono sees it
 * (server/realtime.ts). A plain request is told to upgrade.
 */
export function realtimeApi() {
  const api = new Hono();
  api.get("/realtime", () => {
    throw new AppError({ code: "realtime.upgradeRequired" });
  });
  return api;
}
