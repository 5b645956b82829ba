import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/**
 * This request's Content-Security-Policy nonce (decision 016): made by the security-headers
 * middleware, handed to React Router here, and to React by app/entry.server.tsx.
 */
export const nonceContext = createContext<string>("");

/**
 * The nonce for components that render an inline script. Set on the server only; "" in the
 * browser, where the scripts that needed it have already run (such a script is marked
 * suppressHydrationWarning: React reads the real nonce from the element and finds "").
 */
export const NonceContext = createReactContext<string>("");

export const useNonce = () => useContext(NonceContext);

/**
 * In the browser, the document's nonce, read from a script that carries it (browsers hide the
 * attribute's value but keep the property). Scripts our code creates for the owner take it.
 */
export function documentNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
