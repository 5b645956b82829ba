import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

test("a data directory held by a live process is refused with a clear message", () => {
  const dir = tempDir();
  // The parent of this test runner is alive and is not us: it stands in for another server.
  fs.writeFileSync(path.join(dir, "lyceum.lock"), String(process.ppid));
  expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  expect(() => lockDataDir(dir)).toThrow(/is in use by another Lyceum process \(pid \d+\)/);
});

test("a lock left by a dead process is taken over, and released on close", () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, "lyceum.lock"), "999999999");
  const lock = lockDataDir(dir);
  expect(fs.readFileSync(path.join(dir, "lyceum.lock"), "utf8")).toBe(String(process.pid));
  lock.release();
  expect(fs.existsSync(path.join(dir, "lyceum.lock"))).toBe(false);
});

test("the lock creates a missing data directory", () => {
  const dir = path.join(tempDir(), "nested", "data");
  const lock = lockDataDir(dir);
  expect(fs.existsSync(path.join(dir, "lyceum.lock"))).toBe(true);
  lock.release();
});
