import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Holds `DATA_DIR/lyceum.lock` for as long as this process uses the embedded database.
 * PGlite has no lock of its own: two processes on one directory silently lose data.
 * A lock left by a killed process (its pid is gone) is taken over.
 */
export function lockDataDir(dataDir: string): { release: () => void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "lyceum.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another Lyceum process (pid ${owner}). ` +
            "Stop it first, or set DATA_DIR to another directory.",
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${path.resolve(dataDir)}.`);
}
