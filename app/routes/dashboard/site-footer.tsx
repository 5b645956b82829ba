import { Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { tenantContext } from "~/features/accounts/tenant";
import { requireViewer } from "~/features/auth/guards.server";
import { optionSchemas } from "~/features/options/validation";
import { FooterEditor } from "~/features/site-settings/components/footer-editor";
import { FooterScriptsEditor } from "~/features/site-settings/components/footer-scripts";
import { NoticesSection } from "~/features/site-settings/components/notices-section";
import { settingsSaveSchema } from "~/features/site-settings/option-save";
import {
  openSettingsEditor,
  saveSettingsPart,
} from "~/features/site-settings/site-settings.server";
import { siteCacheContext } from "~/features/site/site-cache.server";
import { AppError, isAppError } from "~/platform/errors";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/site-footer";

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
      keys: ["footer", "header", "misc"],
    });
    return {
      siteName,
      footer: options.footer ?? optionSchemas.footer.parse({ footer_columns: [] }),
      notices: options.header?.notices ?? optionSchemas.header.shape.notices.parse(undefined),
      scripts: options.misc?.scripts ?? "",
    };
  });
}

/** D16 saves: the footer's columns, either notice, or the custom scripts. */
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
      allowed: ["footer", "footerNotice", "notices", "scripts"],
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
    { title: sections?.manageFooter?.title ?? "Footer" },
    { name: "robots", content: "noindex" },
  ];
}

export default function SiteFooter({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { footer, notices, scripts, siteName } = loaderData;
  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("siteSettings.footer.title")}</Title>
          <Text c="dimmed">{t("siteSettings.footer.intro")}</Text>
        </div>
        <FooterEditor saved={footer} siteName={siteName} />
        <NoticesSection header={notices} footer={footer} />
        <FooterScriptsEditor saved={scripts} />
      </Stack>
    </Container>
  );
}
