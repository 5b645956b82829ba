import { Container, Stack, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { data, redirect } from "react-router";
import { z } from "zod";
import { tenantContext } from "~/features/accounts/accounts";
import { authContext } from "~/features/auth/auth";
import { ChangeEmail } from "~/features/auth/auth";
import { ChangePassword } from "~/features/auth/auth";
import { SessionsList } from "~/features/auth/auth";
import { TwoFactorSettings } from "~/features/auth/auth";
import { requireViewer } from "~/features/auth/auth.server";
import {
  loadProfile,
  revokeOtherSiteSessions,
  revokeSiteSession,
} from "~/features/auth/auth.server";
import { ProfileIdentity } from "~/features/members/members";
import { DeleteAccountCard, MyDataCard } from "~/features/account-transfer/account-transfer";
import {
  deleteOwnAccount,
  erasureStanding,
} from "~/features/account-transfer/account-transfer.server";
import { OwnProfileCard } from "~/features/member-profiles/member-profiles";
import { loadOwnProfileSettings } from "~/features/member-profiles/member-profiles.server";
import { isAppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import type { Route } from "./+types/profile";

function accountIdOf(context: Route.LoaderArgs["context"]) {
  const tenant = context.get(tenantContext);
  return tenant.kind === "account" ? tenant.account.accountId : null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer({ context, request });
  const { auth } = context.get(authContext);
  const { database, lang } = context.get(servicesContext);
  const accountId = accountIdOf(context);
  return answerAppErrors(async () => ({
    ...(await loadProfile({ auth, database, headers: request.headers, viewer, accountId })),
    // Issue 35: "about you" and the public profile's switch, on a site where they are a member.
    ownProfile: accountId ? await loadOwnProfileSettings(database, { accountId, viewer }) : null,
    // Decision 082: a member may delete their account on this site (not on the platform's own).
    erasure:
      accountId && viewer.membership
        ? await erasureStanding(database, { accountId, viewer })
        : null,
    messages: areaMessages(lang, "profilePage"),
  }));
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revokeSession"), sessionId: z.string().min(1).max(200) }),
  z.object({ intent: z.literal("revokeOthers") }),
  z.object({ intent: z.literal("deleteAccount"), confirmation: z.string().min(1).max(500) }),
]);

/** The form's fields, or null for a body that is not a form (JSON, text, garbage). */
async function formFields(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
  return Object.fromEntries(await request.formData().catch(() => new FormData()));
}

export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer({ context, request });
  const { auth } = context.get(authContext);
  const { database, pubsub, lang, rateLimits } = context.get(servicesContext);
  const parsed = actionSchema.safeParse(await formFields(request));
  if (!parsed.success) throw data({ code: "request.invalid" }, { status: 400 });
  const site = { database, viewer, accountId: accountIdOf(context) };
  if (parsed.data.intent === "deleteAccount") {
    const accountId = site.accountId;
    if (!accountId) throw data({ code: "route.notFound" }, { status: 404 });
    try {
      await deleteOwnAccount(
        { database, pubsub, lang, rateLimits },
        { accountId, viewer, confirmation: parsed.data.confirmation },
      );
    } catch (error) {
      // Shown in the confirmation itself: a wrong password is typed again.
      if (isAppError(error))
        return data({ ok: false as const, code: error.code }, { status: error.status });
      throw error;
    }
    return redirect("/");
  }
  return answerAppErrors(async () => {
    if (parsed.data.intent === "revokeSession") {
      await revokeSiteSession({ ...site, sessionId: parsed.data.sessionId });
      return { ok: true };
    }
    const current = await auth.api.getSession({
      headers: request.headers,
      query: { disableRefresh: true },
    });
    if (!current) throw data({ code: "not_authenticated" }, { status: 401 });
    await revokeOtherSiteSessions({ ...site, currentSessionId: current.session.id });
    return { ok: true };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "profile.title", fallback: "Your profile" });
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, membership, twoFactorEnabled, sessions, ownProfile, erasure } = loaderData;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t("profile.title")}</Title>
        <ProfileIdentity
          name={membership?.name ?? user.name}
          email={user.email}
          avatar={membership?.avatar ?? user.image}
          role={membership?.role ?? null}
        />
        {ownProfile ? <OwnProfileCard settings={ownProfile} /> : null}
        <ChangeEmail email={user.email} />
        <ChangePassword />
        <TwoFactorSettings enabled={twoFactorEnabled} />
        <SessionsList sessions={sessions} />
        {ownProfile ? <MyDataCard /> : null}
        {erasure ? <DeleteAccountCard standing={erasure} /> : null}
      </Stack>
    </Container>
  );
}
