// How the server's memory is laid out, whoever starts it (`npm start`, the tests, a process
// manager): V8's young generation and the C allocator (decisions 049 and 060). Built-ins only:
// the process entry runs this file directly.
import fs from "node:fs";

/**
 * V8 sizes the young generation from the machine's memory: on a machine with some GB free, each of
 * its two semi-spaces grows to 64 MB under a burst of renders and stays committed. A render's
 * garbage is short-lived and small: 8 MB semi-spaces collect it as well, a little more often
 * (decision 050: 297–302 MB after start on PGlite against 316 with 16 MB).
 */
export const heapFlags = ["--max-semi-space-size=8"];

/** Where Debian's and Ubuntu's `libjemalloc2` (and other distributions' jemalloc) put it. */
const jemallocLibraries = [
  "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2",
  "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
  "/usr/lib64/libjemalloc.so.2",
  "/usr/lib/libjemalloc.so.2",
];

/**
 * The allocator's settings, read once when the process starts.
 *
 * glibc's: compiling PostgreSQL's WebAssembly mallocs some 600 MB for a moment on many threads:
 * with an arena per thread and a mmap threshold that rises after each large free, ~100 MB of it
 * stayed in the arenas for good. Two arenas (as decision 026 asked of production for sharp) and
 * large blocks always mapped give it back.
 *
 * jemalloc, where the machine has it (Linux, package `libjemalloc2`), replaces glibc's: the
 * request thread's arena kept 25-44 MB after a burst of renders (live blocks between freed ones),
 * which jemalloc's background thread returns within a second; measured on the lesson page, idle
 * RSS after the load 233 MB against 268, renders per second the same (decision 060). sharp
 * recommends it for the same reason. `LD_PRELOAD=` (empty) keeps glibc's.
 * A value set by the operator wins.
 */
export function allocatorEnvFor({
  platform = process.platform,
  exists = fs.existsSync,
}: { platform?: NodeJS.Platform; exists?: (path: string) => boolean } = {}): Record<
  string,
  string
> {
  const glibc = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "65536" };
  const jemalloc =
    platform === "linux" ? jemallocLibraries.find((path) => exists(path)) : undefined;
  if (!jemalloc) return glibc;
  return {
    ...glibc,
    LD_PRELOAD: jemalloc,
    MALLOC_CONF: "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0",
  };
}

export const allocatorEnv: Record<string, string> = allocatorEnvFor();

/**
 * Replaces this process (same process id, same streams) with Node running `script` (this
 * process's own by default) with `heapFlags` and `allocatorEnv`: V8 and glibc read them once,
 * at start, so setting them from inside (`v8.setFlagsFromString`, `process.env`) comes too late.
 * Flags given on the command line win. Returns only when there is nothing to do (the same script,
 * nothing missing) or the platform cannot (process.execve: Node 23.11 and later, not on Windows);
 * it says which.
 */
export function relaunchWithHeapFlags(script = process.argv[1]!): "unchanged" | "unsupported" {
  const named = (flag: string) => flag.split("=")[0]!;
  const given = new Set(process.execArgv.map(named));
  const missingFlags = heapFlags.filter((flag) => !given.has(named(flag)));
  const missingEnv = Object.keys(allocatorEnv).filter((name) => process.env[name] === undefined);
  const sameScript = script === process.argv[1];
  if (sameScript && missingFlags.length + missingEnv.length === 0) return "unchanged";
  if (typeof process.execve !== "function") return "unsupported";
  return process.execve(
    process.execPath,
    [process.execPath, ...missingFlags, ...process.execArgv, script, ...process.argv.slice(2)],
    { ...allocatorEnv, ...process.env },
  );
}
