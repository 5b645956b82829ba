// The programs the bench drives besides Node: Debian's wrk and nginx, installed on the spot
// when missing and we may (root with apt-get), else reported as the reason a figure is n/a.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

export type Tool = { path: string } | { missing: string };

const tried = new Set<string>();

/** `binary` if present; else installs Debian's `debianPackage` when running as root. */
export function debianTool(binary: string, debianPackage: string): Tool {
  if (fs.existsSync(binary)) return { path: binary };
  const installHint = `apt-get install ${debianPackage}`;
  if (process.getuid?.() !== 0) return { missing: `${binary} missing; not root: ${installHint}` };
  if (!hasAptGet())
    return { missing: `${binary} missing and no apt-get: install ${debianPackage}` };
  if (!tried.has(debianPackage)) {
    tried.add(debianPackage);
    console.log(`bench: installing Debian's ${debianPackage}…`);
    const install = () =>
      spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", debianPackage], {
        stdio: "ignore",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      }).status;
    // A fresh container may have no package lists yet.
    if (install() !== 0) {
      spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
      install();
    }
  }
  return fs.existsSync(binary)
    ? { path: binary }
    : { missing: `${binary} missing; ${installHint} failed` };
}

function hasAptGet() {
  return spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
}

export const wrkTool = () => debianTool("/usr/bin/wrk", "wrk");
export const nginxTool = () => debianTool("/usr/sbin/nginx", "nginx-light");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (milliseconds: number) =>
  new Promise((resolve) => setTimeout(resolve, milliseconds));
