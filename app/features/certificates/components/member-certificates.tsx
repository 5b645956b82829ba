import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconCertificate, IconDownload } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MemberCertificate } from "../certificate-option";

/** A member's certificates: each with its PDF and its public verification page. */
export function MemberCertificates({
  certificates,
  lang,
}: {
  certificates: MemberCertificate[];
  lang: string;
}) {
  const { t } = useTranslation();
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" });
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t("dashboard.sections.certificates.title")}</Title>
        <Text c="dimmed">{t("dashboard.sections.certificates.description")}</Text>
      </div>
      {certificates.length === 0 ? (
        <Text>{t("certificates.mine.empty")}</Text>
      ) : (
        certificates.map((certificate) => (
          <Card withBorder radius="md" key={certificate.code} data-testid="member-certificate">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <IconCertificate size={28} aria-hidden />
                <div>
                  <Text fw={600}>{certificate.courseTitle}</Text>
                  <Text size="sm" c="dimmed">
                    {t("certificates.mine.issued", {
                      date: date.format(new Date(certificate.issuedAt)),
                    })}
                  </Text>
                </div>
              </Group>
              <Group gap="sm">
                <Anchor href={certificate.verifyUrl} size="sm">
                  {t("certificates.mine.verify")}
                </Anchor>
                <Button
                  component="a"
                  href={certificate.pdfUrl}
                  size="sm"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  aria-label={t("certificates.mine.downloadFor", {
                    course: certificate.courseTitle,
                  })}
                >
                  {t("certificates.mine.download")}
                </Button>
              </Group>
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}
