import { Group, Paper, Progress, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { dateFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MemberDetail } from "../member-shapes";
import { useMemberWords } from "./member-words";

// The member page's building blocks: a fact with its label, a titled section, their courses.

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function MemberCourses({ member }: { member: MemberDetail }) {
  const { t, i18n } = useTranslation();
  const words = useMemberWords();
  const day = dateFormat(i18n.language, { dateStyle: "medium" });
  return (
    <Section title={t("members.member.courses")}>
      {member.courses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("members.member.noCourses")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="member-courses">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("members.member.course")}</Table.Th>
                <Table.Th>{t("members.member.courseStatus")}</Table.Th>
                <Table.Th w={200}>{t("members.member.progress")}</Table.Th>
                <Table.Th>{t("members.member.enrolled")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {member.courses.map((course) => (
                <Table.Tr key={course.id}>
                  <Table.Td dir="auto">{course.title}</Table.Td>
                  <Table.Td>{words.courseStatuses[course.status] ?? course.status}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress
                        value={course.progress}
                        w={120}
                        aria-label={t("members.member.progress")}
                      />
                      <Text size="xs">{`${course.progress}%`}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{day.format(new Date(course.enrolledAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
