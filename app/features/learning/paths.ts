/** A lesson's address in the course player. */
export const lessonPath = (slug: string, lessonId: string) => `/course/${slug}/learn/${lessonId}`;
