import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { accessibleColors, buildTheme } from "../mantine-theme";
import { SiteThemeProvider, SiteThemeStyle, siteTheme } from "./site-theme-provider";

const mantineCss = (input: Parameters<typeof buildTheme>[0]) => {
  const html = renderToStaticMarkup(
    <MantineProvider
      theme={buildTheme(input)}
      cssVariablesResolver={accessibleColors}
      withGlobalClasses={false}
    >
      {null}
    </MantineProvider>,
  );
  return /<style data-mantine-styles="true">([\s\S]*)<\/style>/.exec(html)?.[1];
};

describe("site theme provider", () => {
  const themes = [
    {},
    { primaryColor: "violet" as const },
    { primaryColor: "orange" as const, fontFamily: "Georgia", headingsFontFamily: "Inter" },
    { primaryColor: "not-a-colour" as never },
  ];

  test.each(themes)("I32 theme CSS variables built once are Mantine's own (%o)", (input) => {
    const expected = mantineCss(input);
    expect(expected).toMatch(/^:root, :host\{/);
    expect(siteTheme(input).css).toBe(expected);
    // The same theme answers the same object: built once.
    expect(siteTheme({ ...input })).toBe(siteTheme(input));
  });

  test("I37 the variables are written by the head's style, the provider writes no style in the body", () => {
    const css = siteTheme({ primaryColor: "teal" }).css;
    expect(css).toContain("--mantine-primary-color-filled: var(--mantine-color-teal-");
    const head = renderToStaticMarkup(<SiteThemeStyle theme={{ primaryColor: "teal" }} />);
    expect(head).toBe(`<style data-mantine-styles="true">${css}</style>`);
    const body = renderToStaticMarkup(
      <SiteThemeProvider theme={{ primaryColor: "teal" }}>
        <p>child</p>
      </SiteThemeProvider>,
    );
    expect(body).not.toContain(css);
    expect(body).not.toContain('data-mantine-styles="true"');
  });
});
