import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  useDirection,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowLeft, IconExternalLink, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import type { CountryOption } from "~/platform/countries";
import { dateFormat, numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  FORMS_SCREEN_PATH,
  formPath,
  type FormDefinition,
  type FormRow,
  type FormStatus,
} from "../form-shapes";
import { FormAnswers, type AnswerList } from "./form-answers";
import { FormBuilder } from "./form-builder";
import type { FormWords } from "./public-form";

/** The form `?form={id}` (or `new`) opens, with its answers when `&tab=answers` asks for them. */
export type OpenedForm = {
  id: string | null;
  form: FormDefinition | null;
  answers?: AnswerList | null;
};

const statusColour: Record<FormStatus, string> = { active: "green", closed: "gray" };

/**
 * M5 `/dashboard/manage/marketing/forms`: the site's sign-up and contact forms; one opened in
 * the builder (settings, fields, live preview) or in its answers.
 */
export function FormsScreen({
  forms,
  opened,
  words,
  countries,
}: {
  forms: FormRow[];
  opened: OpenedForm | null;
  /** The visitor-facing words of the live preview. */
  words: FormWords;
  countries: CountryOption[];
}) {
  if (!opened) return <FormList forms={forms} />;
  return (
    <FormEditor key={opened.id ?? "new"} opened={opened} words={words} countries={countries} />
  );
}

/** Every form of the site, with its address, state and answers. */
function FormList({ forms }: { forms: FormRow[] }) {
  const { t, i18n } = useTranslation();
  const [deleting, setDeleting] = useState<FormRow | null>(null);
  const remover = useFetcher();
  const day = dateFormat(i18n.language, { dateStyle: "medium" });
  const number = numberFormat(i18n.language);
  const statusLabels: Record<FormStatus, string> = {
    active: t("forms.screen.status.active"),
    closed: t("forms.screen.status.closed"),
  };
  const removing =
    remover.state !== "idle" ? (remover.json as { id?: string } | undefined)?.id : undefined;
  const remove = (form: FormRow) => {
    void remover.submit(
      { intent: "deleteForm", id: form.id },
      { method: "post", encType: "application/json" },
    );
    setDeleting(null);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t("dashboard.sections.manageForms.title")}
        </Title>
        <Button component={Link} to="?form=new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t("forms.screen.new")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("forms.screen.list.help")}
      </Text>
      {forms.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t("forms.screen.list.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="forms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("forms.screen.list.name")}</Table.Th>
                <Table.Th>{t("forms.screen.list.address")}</Table.Th>
                <Table.Th>{t("forms.screen.list.status")}</Table.Th>
                <Table.Th>{t("forms.screen.list.answers")}</Table.Th>
                <Table.Th>{t("forms.screen.list.updated")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("forms.screen.list.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forms.map((form) => (
                <Table.Tr key={form.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`?form=${form.id}`} fw={500}>
                      {form.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <PublicAddress slug={form.slug} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={statusColour[form.status]}>
                        {statusLabels[form.status]}
                      </Badge>
                      {form.doubleOptIn ? (
                        <Badge variant="light" color="blue">
                          {t("forms.screen.list.doubleOptIn")}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`?form=${form.id}&tab=answers`}
                      aria-label={t("forms.screen.list.answersOf", {
                        name: form.name,
                        formatted: number.format(form.submissions),
                      })}
                    >
                      {number.format(form.submissions)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{day.format(new Date(form.updatedAt))}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("forms.screen.list.delete", { name: form.name })}
                      loading={removing === form.id}
                      onClick={() => setDeleting(form)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {deleting ? (
        <Modal
          opened
          onClose={() => setDeleting(null)}
          size="sm"
          title={t("forms.screen.list.confirmTitle")}
        >
          <Stack gap="md">
            <Text size="sm">
              {t("forms.screen.list.confirmText", {
                name: deleting.name,
                formatted: number.format(deleting.submissions),
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t("forms.screen.cancel")}
              </Button>
              <Button
                color="red"
                onClick={() => remove(deleting)}
                data-testid="confirm-delete-form"
              >
                {t("forms.screen.list.deleteConfirm")}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}

/** A form's own page on the site, opened in a new tab. */
function PublicAddress({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Anchor href={formPath(slug)} target="_blank" rel="noopener" size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <span>{formPath(slug)}</span>
        <IconExternalLink size={14} aria-hidden />
        <VisuallyHidden>{t("forms.screen.newTab")}</VisuallyHidden>
      </Group>
    </Anchor>
  );
}

/** One form: its builder, and its answers once it is saved. */
function FormEditor({
  opened,
  words,
  countries,
}: {
  opened: OpenedForm;
  words: FormWords;
  countries: CountryOption[];
}) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { id, form, answers } = opened;
  const tab = id && params.get("tab") === "answers" ? "answers" : "build";
  const open = (value: string | null) => {
    if (!id) return;
    void navigate(value === "answers" ? `?form=${id}&tab=answers` : `?form=${id}`, {
      preventScrollReset: true,
    });
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to={FORMS_SCREEN_PATH} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft
            size={16}
            aria-hidden
            style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined}
          />
          <span>{t("forms.screen.back")}</span>
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {form?.name ?? t("forms.screen.new")}
        </Title>
        {id && form ? <PublicAddress slug={form.slug} /> : null}
      </Group>
      <Tabs value={tab} onChange={open} keepMounted>
        <Tabs.List>
          <Tabs.Tab value="build">{t("forms.screen.tabs.build")}</Tabs.Tab>
          <Tabs.Tab value="answers" disabled={!id}>
            {t("forms.screen.tabs.answers")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="build" pt="md">
          <FormBuilder id={id} form={form} words={words} countries={countries} />
        </Tabs.Panel>
        <Tabs.Panel value="answers" pt="md">
          {id && form && answers ? (
            <FormAnswers formId={id} form={form} answers={answers} countries={countries} />
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
