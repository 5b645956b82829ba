import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./app/features/*/tables.server.ts",
    "./app/platform/mail/tables.server.ts",
    "./app/platform/rate-limits/tables.server.ts",
  ],
  out: "./drizzle",
});
