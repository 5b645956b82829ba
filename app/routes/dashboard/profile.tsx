import { Container, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { z } from "zod";
import { tenantContext } from "~/features/accounts/tenant";
import { authContext } from "~/features/auth/auth-context";
import { ChangeEmail } from "~/features/auth/components/change-email";
import { ChangePassword } from "~/features/auth/components/change-password";
import { SessionsList } from "~/features/auth/components/sessions-list";
import { TwoFactorSettings } from "~/features/auth/components/two-factor-settings";
import { requireViewer } from "~/features/auth/guards.server";
import { loadProfile, revokeSiteSession } from "~/features/auth/profile.server";
import { ProfileIdentity } from "~/features/members/components/profile-identity";
import { answerAppErrors } from "~/platform/http-errors";
import type { Route } from "./+types/profile";

function accountIdOf(context: Route.LoaderArgs["context"]) {
  const tenant = context.get(tenantContext);
  return tenant.kind === "account" ? tenant.account.accountId : null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer({ context, request });
  const { auth } = context.get(authContext);
  return answerAppErrors(() =>
    loadProfile({ auth, headers: request.headers, viewer, accountId: accountIdOf(context) }),
  );
}

const actionSchema = z.object({ intent: z.literal("revokeSession"), sessionId: z.string().min(1) });

export async function action({ context, request }: Route.ActionArgs) {
  requireViewer({ context, request });
  const { auth } = context.get(authContext);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data({ code: "request.invalid" }, { status: 400 });
  return answerAppErrors(async () => {
    await revokeSiteSession({ auth, headers: request.headers, sessionId: parsed.data.sessionId });
    return { ok: true };
  });
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, membership, twoFactorEnabled, sessions } = loaderData;
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
        <ChangeEmail email={user.email} />
        <ChangePassword />
        <TwoFactorSettings enabled={twoFactorEnabled} />
        <SessionsList sessions={sessions} />
      </Stack>
    </Container>
  );
}
