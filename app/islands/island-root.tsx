import { MantineProvider } from "@mantine/core";
import type { i18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Router, createPath, type Navigator, type To } from "react-router";
import { siteTheme } from "~/features/theme/theme";
import { colorSchemeManager } from "~/ui/color-scheme";
import type { IslandPage } from "~/platform/islands/island";

const hrefOf = (to: To) => (typeof to === "string" ? to : createPath(to));

/**
 * An island has no router of its own: its links are ordinary links, and a navigation it asks for
 * (a Link's click, navigate()) loads the next document, which the page cache answers.
 */
const documentNavigator: Navigator = {
  createHref: hrefOf,
  push: (to) => window.location.assign(hrefOf(to)),
  replace: (to) => window.location.replace(hrefOf(to)),
  go: (delta) => window.history.go(delta),
};

/**
 * What surrounds every island, on the server and in the browser alike, so that both render the
 * same markup: the page's strings, the account's theme (its CSS variables are already on the
 * page, written by the document's own provider) and a router for Link.
 */
export function IslandRoot({
  page,
  i18n,
  server,
  children,
}: {
  page: IslandPage;
  i18n: i18n;
  server: boolean;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={siteTheme(page.theme as Parameters<typeof siteTheme>[0]).theme}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
        withCssVariables={false}
        withGlobalClasses={false}
      >
        <Router location={page.pathname} navigator={documentNavigator} static={server}>
          {children}
        </Router>
      </MantineProvider>
    </I18nextProvider>
  );
}
