import { Anchor, Container, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconCertificate } from "@tabler/icons-react";
import { dateIn } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PublicProfile } from "../profile-shapes";
import { ProfileSummary } from "./profile-summary";

/**
 * Issue 35 `/members/{slug}` (decision 071): a member's profile for visitors, where the site
 * allows public profiles and the member chose to show theirs. HTML only, no script of its own.
 */
export function PublicProfilePage({ profile }: { profile: PublicProfile }) {
  const { t, i18n } = useTranslation();
  const date = dateIn(i18n.language);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" data-testid="public-profile">
        <ProfileSummary
          person={profile}
          points={profile.points}
          level={profile.level}
          levels={profile.levels}
        />
        {profile.certificates.length > 0 ? (
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t("memberProfiles.certificates")}
              </Title>
              <Table data-testid="profile-certificates">
                <Table.Tbody>
                  {profile.certificates.map((certificate) => (
                    <Table.Tr key={certificate.code}>
                      <Table.Td>
                        <Anchor
                          href={`/certificates/${encodeURIComponent(certificate.code)}`}
                          underline="always"
                        >
                          <IconCertificate
                            size={16}
                            aria-hidden
                            style={{ verticalAlign: "text-bottom", marginInlineEnd: 6 }}
                          />
                          {certificate.courseTitle}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed" ta="end">
                          {date(certificate.issuedAt)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </Container>
  );
}
