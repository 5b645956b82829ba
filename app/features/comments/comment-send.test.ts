// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from "vitest";
import { postCommentsIsland, sendComment } from "./comment-send";

const comment = {
  id: "c1",
  parentId: null,
  authorName: "Sam",
  body: "Held for now",
  createdAt: "2026-11-25T10:00:00.000Z",
  status: "pending",
};

/** The page the post's action answers with, its thread island's props as the server wrote them. */
const answerPage = (props: unknown) =>
  `<!DOCTYPE html><html><body><main><div data-island="${postCommentsIsland}" data-props="${JSON.stringify(
    props,
  ).replace(/"/g, "&quot;")}"></div></main></body></html>`;

function commentForm() {
  const form = document.createElement("form");
  form.innerHTML = '<input name="intent" value="comment"><textarea name="body">Hello</textarea>';
  return form;
}

describe("a comment sent from the thread's island", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("posts the form to the post's address and reads the answer and the new thread", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          answerPage({
            comments: [comment],
            count: 0,
            canComment: true,
            path: "/blog/p",
            answer: { ok: true, held: true },
          }),
        ),
    );
    vi.stubGlobal("fetch", fetch);
    const sent = await sendComment("/blog/p", commentForm());
    expect(sent).toEqual({
      answer: { ok: true, held: true },
      thread: { comments: [comment], count: 0 },
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/blog/p");
    expect(init.method).toBe("POST");
    expect((init.body as FormData).get("body")).toBe("Hello");
  });

  test("a refusal is the answer's; a page without the thread (a failure) says it failed", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            answerPage({ comments: [], count: 0, answer: { ok: false, code: "request.tooMany" } }),
            { status: 429 },
          ),
      ),
    );
    expect((await sendComment("/blog/p", commentForm())).answer).toEqual({
      ok: false,
      code: "request.tooMany",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html><body>Oops</body></html>", { status: 500 })),
    );
    expect(await sendComment("/blog/p", commentForm())).toEqual({
      answer: { ok: false, code: "comments.failed" },
      thread: null,
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    expect((await sendComment("/blog/p", commentForm())).answer.ok).toBe(false);
  });
});
