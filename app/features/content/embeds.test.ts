import { describe, expect, test } from "vitest";
import { embedOf } from "./embeds";

describe("M2 embeds in posts", () => {
  test("M2 YouTube addresses of every shape play from the privacy-enhanced host", () => {
    const src = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
    for (const address of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ])
      expect(embedOf(address), address).toEqual({ provider: "youtube", src });
  });

  test("M2 Vimeo and audio files embed; anything else does not", () => {
    expect(embedOf("https://vimeo.com/76979871")).toEqual({
      provider: "vimeo",
      src: "https://player.vimeo.com/video/76979871",
    });
    expect(embedOf("https://cdn.example.com/talk.mp3")?.provider).toBe("audio");
    expect(embedOf("/files/acme/episode-1.m4a")?.provider).toBe("audio");
    for (const address of [
      "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=short",
      "https://evil.example/embed/dQw4w9WgXcQ",
      "javascript:alert(1)",
      "//youtu.be/dQw4w9WgXcQ",
      "https://vimeo.com/channels/staffpicks",
    ])
      expect(embedOf(address), address).toBeNull();
  });
});
