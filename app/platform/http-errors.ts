import { data } from "react-router";
import { isAppError } from "./errors";

/**
 * Runs a loader's or action's work, turning an AppError into a response with its status, so
 * the route's error boundary shows "not allowed" or "not found" instead of a failure.
 */
export async function answerAppErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) throw data({ code: error.code }, { status: error.status });
    throw error;
  }
}
