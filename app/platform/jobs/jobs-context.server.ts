import { createContext } from "react-router";
import type { JobQueue } from "./jobs.server";

/** This process's job queue, for the actions and loaders that show or drive it (the crons screen). */
export const jobQueueContext = createContext<JobQueue>();
