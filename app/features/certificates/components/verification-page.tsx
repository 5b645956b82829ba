import { Anchor, Button, Card, Container, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconDownload, IconHelpCircle } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CertificateVerification } from "../certificate-option";

/**
 * M1 the public verification page: anyone (no sign-in) sees whether a code is a certificate of
 * this site, and whose, for which course, when. Its owner and the managers also get the PDF.
 */
export function CertificateVerificationPage({
  verification,
  lang,
}: {
  verification: CertificateVerification;
  lang: string;
}) {
  const { t } = useTranslation();
  const v = (key: string) => t(`certificates.verify.${key}`);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{v("title")}</Title>
        {verification.valid ? (
          <Card withBorder radius="md" p="lg" data-testid="certificate-valid">
            <Group gap="sm" wrap="nowrap" mb="md" align="flex-start">
              <IconCircleCheck size={32} color="var(--mantine-color-green-8)" aria-hidden />
              <div>
                <Title order={2} size="h3">
                  {v("valid")}
                </Title>
                <Text size="sm">{v("validText")}</Text>
              </div>
            </Group>
            <Table variant="vertical" withTableBorder layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>{v("name")}</Table.Th>
                  <Table.Td data-testid="certificate-name">
                    {verification.certificate.studentName}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{v("course")}</Table.Th>
                  <Table.Td>{verification.certificate.courseTitle}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{v("date")}</Table.Th>
                  <Table.Td>
                    {new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
                      new Date(verification.certificate.issuedAt),
                    )}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{v("site")}</Table.Th>
                  <Table.Td>{verification.certificate.siteName}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{v("code")}</Table.Th>
                  <Table.Td>
                    <Text ff="monospace" size="sm">
                      {verification.certificate.code}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {verification.pdfUrl ? (
              <Group mt="md">
                <Button
                  component="a"
                  href={verification.pdfUrl}
                  leftSection={<IconDownload size={16} aria-hidden />}
                >
                  {v("download")}
                </Button>
              </Group>
            ) : null}
          </Card>
        ) : (
          <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="certificate-unknown">
            <IconHelpCircle size={32} color="var(--mantine-color-red-8)" aria-hidden />
            <div>
              <Title order={2} size="h3">
                {v("unknown")}
              </Title>
              <Text size="sm">{v("unknownText")}</Text>
            </div>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {t("certificates.verify.issuedBy", {
            site: verification.valid ? verification.certificate.siteName : verification.siteName,
          })}{" "}
          <Anchor href="/" underline="always">
            {v("home")}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
