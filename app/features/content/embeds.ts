/**
 * The video and audio a post may embed, from the address a person pastes: YouTube (played from
 * its privacy-enhanced host), Vimeo, or an audio file over https or from this site. Anything
 * else is not embedded. The server's sanitiser (sanitizeContentHtml) allows exactly these hosts.
 */
export type Embed =
  { provider: "youtube" | "vimeo"; src: string } | { provider: "audio"; src: string };

const youtubeId = /^[A-Za-z0-9_-]{11}$/;

export function embedOf(address: string): Embed | null {
  const text = address.trim();
  if (/^\/[^/\\]/.test(text) && /\.(mp3|m4a|ogg|oga|wav|aac|flac)$/i.test(text))
    return { provider: "audio", src: text };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const id =
      url.pathname === "/watch"
        ? url.searchParams.get("v")
        : /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1];
    return id && youtubeId.test(id)
      ? { provider: "youtube", src: `https://www.youtube-nocookie.com/embed/${id}` }
      : null;
  }
  if (host === "youtu.be") {
    const id = url.pathname.slice(1);
    return youtubeId.test(id)
      ? { provider: "youtube", src: `https://www.youtube-nocookie.com/embed/${id}` }
      : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = /^\/(?:video\/)?(\d{1,12})(?:\/|$)/.exec(url.pathname)?.[1];
    return id ? { provider: "vimeo", src: `https://player.vimeo.com/video/${id}` } : null;
  }
  if (/\.(mp3|m4a|ogg|oga|wav|aac|flac)$/i.test(url.pathname))
    return { provider: "audio", src: url.toString() };
  return null;
}
