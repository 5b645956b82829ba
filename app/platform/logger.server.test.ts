import { Writable } from "node:stream";
import pino from "pino";
import { expect, test, vi } from "vitest";
import { lazyChild } from "./logger.server";

test("I12 a lazy child logger is made on first use and logs with its bindings", () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const parent = pino({ level: "info" }, sink);
  const child = vi.spyOn(parent, "child");
  const logger = lazyChild(parent, { requestId: "r-1" });
  expect(child).not.toHaveBeenCalled();
  logger.info({ status: 200 }, "request");
  logger.warn("again");
  expect(child).toHaveBeenCalledTimes(1);
  expect(lines.map((line) => JSON.parse(line))).toMatchObject([
    { requestId: "r-1", status: 200, msg: "request" },
    { requestId: "r-1", msg: "again" },
  ]);
  expect(logger.isLevelEnabled("debug")).toBe(false);
});
