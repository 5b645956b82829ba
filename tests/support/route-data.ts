/**
 * React Router's single-fetch answers (`POST /path.data`, as a fetcher sends an action) are a
 * turbo-stream: a flat JSON array whose objects name their keys and values by index. This reads
 * the plain values an action answers (objects, arrays, strings, numbers, booleans, null), which
 * is all the screens' actions send. Anything else (dates, promises, errors) is refused.
 */
const constants: Record<number, unknown> = { [-5]: null, [-7]: undefined };

export function decodeRouteData(text: string): unknown {
  const [first] = text.split("\n");
  const table = JSON.parse(first!) as unknown[];
  const read = (index: number): unknown => {
    if (index < 0) {
      if (!(index in constants)) throw new Error(`unsupported turbo-stream constant ${index}`);
      return constants[index];
    }
    const value = table[index];
    if (Array.isArray(value)) {
      if (typeof value[0] === "string")
        throw new Error(`unsupported turbo-stream type ${value[0]}`);
      return value.map((item) => read(item as number));
    }
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).map(([key, at]) => [table[Number(key.slice(1))], read(at as number)]),
      );
    }
    return value;
  };
  return read(0);
}

/** An action's own answer in a single-fetch response (`{ data }`). */
export const actionData = async (res: Response) =>
  (decodeRouteData(await res.text()) as { data: unknown }).data;
