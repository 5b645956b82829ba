import { Divider, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { OptionValue } from "~/features/options/validation";
import { FooterNoticeEditor } from "./notices-footer";
import { HeaderNoticeEditor } from "./notices-header";

/** D16 the site's two notices, each saved on its own. */
export function NoticesSection({
  header,
  footer,
}: {
  header: OptionValue<"header">["notices"];
  footer: OptionValue<"footer">;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="notices-title"
      id="notices"
    >
      <Stack gap="lg">
        <div>
          <Title order={2} size="h3" id="notices-title">
            {t("siteSettings.notices.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("siteSettings.notices.text")}
          </Text>
        </div>
        <HeaderNoticeEditor saved={header} />
        <Divider />
        <FooterNoticeEditor saved={footer} />
      </Stack>
    </Paper>
  );
}
