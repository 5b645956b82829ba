import { APIError } from "better-auth/api";

/** better-auth's own answer to a wrong password: a refused staff sign-in reads the same. */
const wrongCredentials = () =>
  new APIError("UNAUTHORIZED", {
    code: "INVALID_EMAIL_OR_PASSWORD",
    message: "Invalid email or password",
  });

/**
 * The base domain's sign-in opens the console, so only the platform's super-admins may get a
 * session there (bound to no site, with no membership anywhere). Everyone else is refused as a
 * wrong password is, before the password is looked at; phone sign-in is not offered there.
 */
export function platformStaffRule(
  {
    baseDomain,
    superAdminEmails = [],
  }: { baseDomain?: string; superAdminEmails?: readonly string[] },
  origin: string,
) {
  const hostname = new URL(origin).hostname;
  const isPlatform = Boolean(
    baseDomain && (hostname === baseDomain || hostname === `www.${baseDomain}`),
  );
  const isStaff = (email: unknown) =>
    typeof email === "string" && superAdminEmails.includes(email.trim().toLowerCase());
  return {
    isPlatform,
    /** Before any sign-in endpoint: refuses at once whoever is no staff. */
    checkSignIn(ctx: { path: string; body?: unknown }) {
      if (!isPlatform) return;
      const body = ctx.body as { email?: unknown } | undefined;
      if (ctx.path === "/sign-in/email" && !isStaff(body?.email)) throw wrongCredentials();
      if (ctx.path === "/sign-in/phone-number")
        throw new APIError("UNAUTHORIZED", {
          code: "INVALID_PHONE_NUMBER_OR_PASSWORD",
          message: "Invalid phone number or password",
        });
    },
    /** Every other way to a session (a verified e-mail's link, 2FA): staff only, or none. */
    checkSession(email: string | undefined) {
      if (isPlatform && !isStaff(email)) throw wrongCredentials();
    },
  };
}
