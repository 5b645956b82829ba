// How the server's memory is laid out, whoever starts it (`npm start`, the tests, a process
// manager): V8's young generation and glibc's allocator (decision 049). Built-ins only: the
// process entry runs this file directly.

/**
 * V8 sizes the young generation from the machine's memory: on a machine with some GB free, each of
 * its two semi-spaces grows to 64 MB under a burst of renders and stays committed. A render's
 * garbage is short-lived and small: 8 MB semi-spaces collect it as well, a little more often
 * (decision 050: 297–302 MB after start on PGlite against 316 with 16 MB).
 */
export const heapFlags = ["--max-semi-space-size=8"];

/**
 * glibc's allocator, read once when the process starts. Compiling PostgreSQL's WebAssembly
 * mallocs some 600 MB for a moment on many threads: with an arena per thread and a mmap threshold
 * that rises after each large free, ~100 MB of it stayed in the arenas for good. Two arenas (as
 * decision 026 asked of production for sharp) and large blocks always mapped give it back.
 * A value set by the operator wins.
 */
export const allocatorEnv: Record<string, string> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "65536",
};

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
