import { hostAccountOf, siteNameOf } from "~/features/accounts/accounts";
import "~/ui/mantine-styles";
import "./ui/night.css";
import { MantineProvider, mantineHtmlProps } from "@mantine/core";
import { useEffect, useMemo, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { tenantContext } from "~/features/accounts/accounts";
import { useNonce } from "~/platform/csp-nonce";
import { useIslandDocument } from "~/platform/islands/island";
import islandsScript from "virtual:lyceum/islands-entry";
import "~/islands/islands.css";
import { addMessages, createI18n, messagesOf, serverI18n } from "~/platform/i18n/i18n";
import {
  defaultLanguage,
  isLanguageCode,
  textDirection,
  type LanguageCode,
} from "~/platform/i18n/languages";
import { servicesContext } from "~/platform/request-context";
import { zodWithoutEvalScript } from "~/platform/zod-in-browser";
import { colorSchemeScript } from "~/ui/color-scheme";
import {
  SiteThemeStyle,
  accessibleColors,
  buildTheme,
  platformTheme,
} from "~/features/theme/theme";
import { installErrorReporter, reportBoundaryError } from "~/features/client-errors/client-errors";
import { ErrorScreen } from "~/ui/error-screen";
import { areaMessages } from "./platform/i18n/area-messages.server";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { lang } = context.get(servicesContext);
  const tenant = context.get(tenantContext);
  return {
    lang,
    // Only what every page needs; each area's routes send their own (platform/i18n/area-messages.server.ts).
    messages: areaMessages(lang, "everyPage"),
    siteName: tenant.kind === "account" ? siteNameOf(tenant.account) : "Lyceum",
    // The browser's errors are reported to the site's own account (M9, POST /api/log).
    accountId: hostAccountOf(tenant),
  };
}

function contentLanguageOf(matches: ReturnType<typeof useMatches>): LanguageCode | undefined {
  for (const match of [...matches].reverse()) {
    const shown = (match.loaderData as { contentLanguage?: unknown } | undefined)?.contentLanguage;
    if (typeof shown === "string" && isLanguageCode(shown)) return shown;
  }
  return undefined;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // The document's language is that of the content shown (a post's translation, say) where a
  // route names one (its loader's `contentLanguage`), else the site's.
  const lang = contentLanguageOf(useMatches()) ?? data?.lang ?? defaultLanguage;
  // This response's CSP nonce ("" in the browser): every inline script carries it (decision 016).
  const nonce = useNonce();
  // A public page of a site carries its islands' script instead of the application (decision 048).
  const islands = useIslandDocument();
  // The frame's theme (routes/host-layout.tsx draws the site's or the platform's with it).
  const frame = useRouteLoaderData("routes/host-layout") as
    | { kind: "site"; chrome: { theme: Parameters<typeof SiteThemeStyle>[0]["theme"] } }
    | { kind: "platform" }
    | undefined;
  return (
    <html lang={lang} dir={textDirection(lang)} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Stylesheets and icons need no nonce; an empty one keeps the real one out of link
            attributes (where CSS selectors could read it) and the same on server and client. */}
        <Links nonce="" />
        <SiteThemeStyle theme={frame?.kind === "site" ? frame.chrome.theme : platformTheme} />
        {/* Mantine's ColorSchemeScript, knowing the night theme too (app/ui/color-scheme.ts),
            after Zod's setting for pages that forbid eval (app/platform/zod-in-browser.ts). */}
        {/* The browser hides the nonce from the DOM; the client renders "" (no warning wanted). */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: zodWithoutEvalScript + colorSchemeScript }}
          suppressHydrationWarning
        />
      </head>
      <body>
        {children}
        {islands ? (
          <script type="module" src={islandsScript} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { lang, messages } = loaderData;
  const shares = useMatches()
    .map((match) => messagesOf(match.loaderData))
    .filter((share) => share !== undefined);
  const browserI18n = useMemo(
    () => (import.meta.env.SSR ? null : createI18n({ lang, messages })),
    [lang, messages],
  );
  // The matched routes' own messages join it before they render, on the server and in the
  // browser alike, and after a navigation before the new screen shows.
  const i18n = browserI18n ?? serverI18n(lang, messages, shares);
  if (browserI18n) for (const share of shares) addMessages(browserI18n, lang, share);
  useEffect(() => {
    // Marks the page interactive: browser tests wait for it before they hover or type.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(
    () => installErrorReporter({ accountId: loaderData.accountId }),
    [loaderData.accountId],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <Outlet />
    </I18nextProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  // The document's language is that of the content shown (a post's translation, say) where a
  // route names one (its loader's `contentLanguage`), else the site's.
  const lang = contentLanguageOf(useMatches()) ?? data?.lang ?? defaultLanguage;
  const i18n = useMemo(
    () => createI18n({ lang, messages: data?.messages ?? {} }),
    [lang, data?.messages],
  );
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // An exception (not a "not found" answer) is reported to the server's log (M9).
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportBoundaryError(error, data?.accountId);
  }, [error, data?.accountId]);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={buildTheme({})}
        defaultColorScheme="auto"
        colorSchemeManager={undefined}
        cssVariablesResolver={accessibleColors}
      >
        <ErrorScreen status={status} />
      </MantineProvider>
    </I18nextProvider>
  );
}
