import { Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { tenantContext } from "~/features/accounts/tenant";
import { requireViewer } from "~/features/auth/guards.server";
import { optionSchemas } from "~/features/options/validation";
import { ThemeEditor } from "~/features/site-settings/components/theme-editor";
import { settingsSaveSchema } from "~/features/site-settings/option-save";
import {
  openSettingsEditor,
  saveSettingsPart,
} from "~/features/site-settings/site-settings.server";
import { siteCacheContext } from "~/features/site/site-cache.server";
import { AppError, isAppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/site-theme";

// A client-side navigation asks for the same path with React Router's ".data" suffix.
const pathOf = (request: Request) => new URL(request.url).pathname.replace(/\.data$/, "");

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer({ context, request });
  const tenant = context.get(tenantContext);
  const { database } = context.get(servicesContext);
  return answerAppErrors(async () => {
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const { siteName, options } = await openSettingsEditor(database, {
      account: tenant.account,
      viewer,
      pathname: pathOf(request),
      keys: ["theme"],
    });
    return { siteName, theme: options.theme ?? optionSchemas.theme.parse({}) };
  });
}

/** D16 save: the theme option, through the settings' one use case. */
export async function action({ context, request }: Route.ActionArgs) {
  const viewer = requireViewer({ context, request });
  const tenant = context.get(tenantContext);
  const { database } = context.get(servicesContext);
  try {
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const input = settingsSaveSchema.safeParse(await request.json().catch(() => null));
    if (!input.success) throw new AppError({ code: "request.invalid" });
    const answer = await saveSettingsPart(database, {
      account: tenant.account,
      viewer,
      pathname: pathOf(request),
      siteCache: context.get(siteCacheContext),
      allowed: ["theme"],
      ...input.data,
    });
    return data(answer, { status: answer.ok ? 200 : 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ ok: false as const, code: error.code, issues: [] }, { status: error.status });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { messages?: Record<string, unknown> } | undefined;
  const sections = (root?.messages?.dashboard as { sections?: Record<string, { title: string }> })
    ?.sections;
  return [
    { title: sections?.manageTheme?.title ?? "Theme" },
    { name: "robots", content: "noindex" },
  ];
}

export default function SiteTheme({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("siteSettings.theme.title")}</Title>
          <Text c="dimmed">{t("siteSettings.theme.intro")}</Text>
        </div>
        <ThemeEditor saved={loaderData.theme} siteName={loaderData.siteName} />
      </Stack>
    </Container>
  );
}
