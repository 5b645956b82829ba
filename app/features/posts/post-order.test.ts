import { describe, expect, test } from "vitest";
import { MARK_EVERY, chunksOf, locate, type PostOrder } from "./post-order";

/** An order of `total` posts, one a minute back from noon, with its marks as the query reads them. */
function orderOf(total: number): PostOrder {
  const marks = [];
  for (let position = 0; position < total; position += MARK_EVERY) {
    const date = new Date(Date.UTC(2026, 0, 1, 12) - position * 60_000);
    marks.push({ publishedAt: date.toISOString().replace("Z", "123Z"), id: `id-${position}` });
  }
  return { total, marks };
}

describe("post order", () => {
  test("I12 a position is reached from its nearest mark at or before it, never past the last post", () => {
    const order = orderOf(1_001);
    expect(locate(order, 0)).toEqual({ mark: order.marks[0], skip: 0 });
    expect(locate(order, MARK_EVERY - 1)).toEqual({ mark: order.marks[0], skip: MARK_EVERY - 1 });
    expect(locate(order, MARK_EVERY)).toEqual({ mark: order.marks[1], skip: 0 });
    expect(locate(order, 1_000)).toEqual({ mark: order.marks[10], skip: 0 });
    expect(locate(order, 1_001)).toBeNull();
    expect(locate(order, -1)).toBeNull();
    expect(locate({ total: 0, marks: [] }, 0)).toBeNull();
  });

  test("I12 chunks of the order start at a mark and carry its date to the millisecond", () => {
    const order = orderOf(2 * MARK_EVERY * 3 + 1);
    const chunks = chunksOf(order, MARK_EVERY * 3);
    expect(chunks.map((c) => c.chunk)).toEqual([1, 2, 3]);
    expect(chunks.map((c) => c.newest.toISOString())).toEqual(
      [0, 3, 6].map((i) => order.marks[i]!.publishedAt.replace(/(\.\d{3})\d*Z$/, "$1Z")),
    );
    expect(chunksOf({ total: 0, marks: [] }, MARK_EVERY)).toEqual([]);
  });
});
