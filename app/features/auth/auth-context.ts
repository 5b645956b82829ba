import { createContext } from "react-router";
import type { Auth } from "./auth.server";
import type { RequestFacts } from "./request-headers";

/** This request's site auth and the facts the server established, for loaders and actions. */
export const authContext = createContext<{ auth: Auth; facts: RequestFacts }>();
