import { mergeAttributes, Node } from "@tiptap/core";
import { embedOf } from "../embeds";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    embed: { setEmbed: (address: string) => ReturnType };
  }
}

/**
 * A video (YouTube, Vimeo) or audio block in the stored HTML, as the public page plays it:
 * `<figure class="embed embed-youtube"><iframe …></iframe></figure>`. Inside the editor it is
 * drawn as a labelled box instead, so the dashboard loads no third-party frame.
 */
export const EmbedNode = Node.create({
  name: "embed",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, provider: { default: null } };
  },
  parseHTML() {
    const read = (element: HTMLElement) => {
      const media = element.querySelector("iframe, audio");
      const found = embedOf(media?.getAttribute("src") ?? "");
      return found ? { src: found.src, provider: found.provider } : false;
    };
    return [{ tag: "figure.embed", getAttrs: read }];
  },
  renderHTML({ HTMLAttributes }) {
    const { src, provider } = HTMLAttributes as { src: string; provider: string };
    const inner =
      provider === "audio"
        ? ["audio", { src, controls: "true", preload: "none" }]
        : ["iframe", { src, title: provider, allowfullscreen: "true", loading: "lazy" }];
    return ["figure", mergeAttributes({ class: `embed embed-${provider}` }), inner];
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement("div");
      dom.className = "embed-placeholder";
      dom.dataset.provider = String(node.attrs.provider);
      dom.setAttribute("contenteditable", "false");
      dom.textContent = `${String(node.attrs.provider)} · ${String(node.attrs.src)}`;
      return { dom };
    };
  },
  addCommands() {
    return {
      setEmbed:
        (address) =>
        ({ commands }) => {
          const found = embedOf(address);
          return found ? commands.insertContent({ type: this.name, attrs: { ...found } }) : false;
        },
    };
  },
});
