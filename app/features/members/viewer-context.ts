import { createContext } from "react-router";
import type { Viewer } from "./members.server";

/** The signed-in person of this request (null when anonymous), for loaders and actions. */
export const viewerContext = createContext<Viewer | null>(null);
