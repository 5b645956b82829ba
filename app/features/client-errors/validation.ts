import { z } from "zod";
import { CLIENT_ERROR_MAX_MESSAGE, clientErrorKinds } from "./limits";

/**
 * Spec §7 `POST /api/log` {message, account_id}: the error's text and the site's account (absent
 * on the platform's own site). `kind` and `path` are the reporter's additions, both optional.
 */
export const clientErrorSchema = z.object({
  message: z.string().min(1).max(CLIENT_ERROR_MAX_MESSAGE),
  account_id: z.uuid().nullish(),
  kind: z.enum(clientErrorKinds).optional(),
  /** The page's path; anything after `?` or `#` is dropped (it may carry tokens or e-mails). */
  path: z
    .string()
    .max(500)
    .regex(/^\//)
    .transform((path) => path.split(/[?#]/)[0]!)
    .optional(),
});
export type ClientErrorInput = z.infer<typeof clientErrorSchema>;
