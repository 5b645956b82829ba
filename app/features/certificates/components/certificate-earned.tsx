import { Alert, Anchor, Button, Group, Text } from "@mantine/core";
import { IconCertificate, IconDownload } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MemberCertificate } from "../certificate-option";

/** Shown in the course player once the course is complete: the certificate it earned. */
export function CertificateEarned({ certificate }: { certificate: MemberCertificate }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="green"
      icon={<IconCertificate size={20} aria-hidden />}
      title={t("learning.player.courseCompleted")}
      data-testid="certificate-earned"
    >
      <Group gap="sm" wrap="wrap">
        <Text size="sm">{certificate.courseTitle}</Text>
        <Button
          component="a"
          href={certificate.pdfUrl}
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={t("certificates.mine.downloadFor", { course: certificate.courseTitle })}
        >
          {t("certificates.mine.download")}
        </Button>
        {/* The alert's own text colour: a link colour on its green tint would not read. */}
        <Anchor href={certificate.verifyUrl} size="sm" c="inherit" underline="always">
          {t("certificates.mine.verify")}
        </Anchor>
      </Group>
    </Alert>
  );
}
