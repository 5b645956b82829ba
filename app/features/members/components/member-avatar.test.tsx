import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { MemberAvatar, type AvatarVariant } from "./member-avatar";

const render = (
  variant: AvatarVariant,
  src: string | null = "/files/account-1/avatars/u1/avatar.jpg",
) =>
  renderToString(
    <MantineProvider>
      <MemberAvatar name="Ada Lovelace" src={src} variant={variant} />
    </MantineProvider>,
  );

/**
 * As a pointer over the picture leaves it: every tooltip held open, in place rather than in a
 * portal (which a server render leaves empty), so its label is in the markup.
 */
const hovered = (variant: AvatarVariant) =>
  renderToString(
    <MantineProvider
      theme={{ components: { Tooltip: { defaultProps: { opened: true, withinPortal: false } } } }}
    >
      <MemberAvatar name="Ada Lovelace" src="/a.jpg" variant={variant} />
    </MantineProvider>,
  );
const tooltipOf = (html: string) =>
  html.match(/<div[^>]*\bid="([^"]+)"[^>]*role="tooltip"[^>]*>([^<]*)/)?.slice(1);

describe("D14 avatar variants", () => {
  test("member: picture and name", () => {
    const html = render("member");
    expect(html).toContain('src="/files/account-1/avatars/u1/avatar.jpg"');
    expect(html).toContain(">Ada Lovelace</span>");
  });

  test("name only: no picture", () => {
    const html = render("name");
    expect(html).not.toContain("<img");
    expect(html).toContain("Ada Lovelace");
  });

  test("avatar only: the name is the picture's alternative text, not shown", () => {
    const html = render("avatar");
    expect(html).toContain('alt="Ada Lovelace"');
    expect(html).not.toContain(">Ada Lovelace<");
  });

  test("tooltip: the picture, with the name on hover", () => {
    const html = render("tooltip");
    expect(html).toContain("<img");
    expect(html).not.toContain(">Ada Lovelace<");
    const shown = hovered("tooltip");
    const [id, label] = tooltipOf(shown) ?? [];
    expect(label).toBe("Ada Lovelace");
    // The picture is described by it, so a screen reader hears the name on focus too.
    expect(shown).toContain(`aria-describedby="${id}"`);
  });

  test("only the tooltip variant has a tooltip", () => {
    for (const variant of ["member", "name", "avatar"] as const) {
      expect(hovered(variant), variant).not.toContain('role="tooltip"');
    }
  });

  test("no picture: the initials stand in", () => {
    expect(render("avatar", null)).toContain("AL");
  });
});
