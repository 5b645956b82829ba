/** An answer's code as the builder says it. */
export function saveProblemKey(code: string): string {
  if (code === "courses.conflict") return "courseBuilder.errors.conflict";
  if (code === "courses.slugTaken") return "courseBuilder.errors.slugTaken";
  if (code === "courses.limitReached") return "courseBuilder.errors.limitReached";
  if (code === "auth.forbidden") return "courseBuilder.errors.forbidden";
  if (code === "request.invalid") return "courseBuilder.errors.invalid";
  return "courseBuilder.errors.generic";
}
