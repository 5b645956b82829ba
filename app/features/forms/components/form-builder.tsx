import { Box, Button, Grid, Group, Menu, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useEffect, useId, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import type { CountryOption } from "~/platform/countries";
import { fieldIssueMessage, type FieldIssue } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import { slugify } from "~/platform/slugs";
import {
  blankForm,
  FORM_FIELDS_MAX,
  formFieldTypes,
  isChoice,
  type FormDefinition,
  type FormField,
  type FormFieldType,
} from "../form-shapes";
import {
  cleanField,
  draftField,
  FieldCard,
  useFieldWords,
  useNewOption,
  type DraftField,
} from "./form-field-card";
import { FormSettings, type Settings } from "./form-settings";
import { PublicFormView, type FormWords } from "./public-form";

type SaveAnswer = { ok: true; id: string } | { ok: false; code?: string; issues?: FieldIssue[] };

/** What the address's state says after a new form was saved and opened under its own id. */
type SavedState = { formSaved?: boolean } | null;

const PREVIEW_ID = "00000000-0000-0000-0000-000000000000";

/**
 * The builder of one form (`id` null for a new one): its settings, its ordered fields and a live
 * preview of what visitors see. Nothing the owner typed is lost when the server refuses it: each
 * issue shows beside its field.
 */
export function FormBuilder({
  id,
  form,
  words,
  countries,
}: {
  id: string | null;
  form: FormDefinition | null;
  words: FormWords;
  countries: CountryOption[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const fieldWords = useFieldWords();
  const newOption = useNewOption();
  const previewTitle = useId();
  const fieldsTitle = useId();
  const [start] = useState(() => form ?? startingForm(t));
  const [settings, setSettings] = useState<Settings>(() => {
    const { fields: _fields, ...rest } = start;
    return rest;
  });
  const [fields, setFields] = useState<DraftField[]>(() => start.fields.map(draftField));
  const [slugEdited, setSlugEdited] = useState(id !== null);
  // Every change counts in `edits`; one that adds, removes or moves a field also in `layout`.
  const [edits, setEdits] = useState(0);
  const [layout, setLayout] = useState(0);
  const [sentAt, setSentAt] = useState<{ edits: number; layout: number } | null>(null);
  const saver = useFetcher<SaveAnswer>();
  const answer = saver.state === "idle" ? saver.data : undefined;
  const refused = answer && !answer.ok ? (answer.issues ?? []) : [];
  // Issues of the fields name them by position: once fields move, those marks would mislead.
  const issues =
    sentAt?.layout === layout
      ? refused
      : refused.filter((issue) => !issue.path.startsWith("fields."));
  const unchanged = sentAt?.edits === edits;
  const arrived = (location.state as SavedState)?.formSaved === true && edits === 0;
  const notice =
    answer && unchanged ? (answer.ok ? "saved" : "failed") : !sentAt && arrived ? "saved" : null;

  // A new form, once saved, opens under its own address.
  useEffect(() => {
    if (answer?.ok && id === null)
      void navigate(`?form=${answer.id}`, { replace: true, state: { formSaved: true } });
  }, [answer, id, navigate]);

  const errorAt = (path: string, exact = false) => {
    const issue = issues.find(
      (candidate) => candidate.path === path || (!exact && candidate.path.startsWith(`${path}.`)),
    );
    return issue ? fieldIssueMessage(t, issue) : undefined;
  };
  const changed = () => setEdits((count) => count + 1);
  const setSetting = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    setSettings((current) => ({ ...current, [key]: value }));
    changed();
  };
  const setName = (name: string) => {
    setSettings((current) => ({
      ...current,
      name,
      slug: slugEdited ? current.slug : slugify(name),
    }));
    changed();
  };
  const setField = (index: number, patch: Partial<FormField>) => {
    setFields((current) => current.map((one, i) => (i === index ? { ...one, ...patch } : one)));
    changed();
  };
  const restructure = (next: DraftField[]) => {
    setFields(next);
    setLayout((count) => count + 1);
    changed();
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...fields];
    const [one] = next.splice(index, 1);
    next.splice(index + by, 0, one!);
    restructure(next);
  };

  const defaultLabels: Record<FormFieldType, string> = {
    text: t("forms.screen.defaultLabels.text"),
    email: t("forms.screen.defaults.email"),
    phone: t("forms.screen.defaultLabels.phone"),
    textarea: t("forms.screen.defaultLabels.textarea"),
    select: t("forms.screen.defaultLabels.select"),
    radio: t("forms.screen.defaultLabels.radio"),
    checkbox: t("forms.screen.defaultLabels.checkbox"),
    country: t("forms.screen.defaultLabels.country"),
    date: t("forms.screen.defaultLabels.date"),
    hidden: t("forms.screen.defaultLabels.hidden"),
    consent: t("forms.screen.defaults.consent"),
  };
  const addField = (type: FormFieldType) => {
    const taken = new Set(fields.map((one) => one.name));
    let name: string = type;
    for (let number = 2; taken.has(name); number++) name = `${type}_${number}`;
    restructure([
      ...fields,
      draftField({
        type,
        name,
        label: defaultLabels[type],
        required: type === "email" || type === "consent",
        options: isChoice(type) ? [newOption(1), newOption(2)] : [],
      }),
    ]);
  };

  const sent = fields.map(cleanField);
  const save = () => {
    setSentAt({ edits, layout });
    void saver.submit(
      { intent: "saveForm", id, form: { ...settings, fields: sent } },
      { method: "post", encType: "application/json" },
    );
  };
  // The preview shows each name once (two fields of one name are an issue to fix, not to show).
  const previewFields = sent.filter(
    (field, index) => sent.findIndex((other) => other.name === field.name) === index,
  );
  const fieldsIssue = errorAt("fields", true);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="lg">
          <FormSettings
            settings={settings}
            words={words}
            errorAt={errorAt}
            onChange={setSetting}
            onName={setName}
            onSlug={(slug) => {
              setSlugEdited(true);
              setSetting("slug", slug);
            }}
          />
          <Stack gap="sm" component="section" aria-labelledby={fieldsTitle}>
            <Title order={2} size="h4" id={fieldsTitle}>
              {t("forms.screen.fields.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("forms.screen.fields.help")}
            </Text>
            {fieldsIssue ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {fieldsIssue}
              </Text>
            ) : null}
            {fields.map((field, index) => (
              <FieldCard
                key={field.uid}
                field={field}
                index={index}
                count={fields.length}
                errorAt={(path, exact) => errorAt(`fields.${index}.${path}`, exact)}
                onChange={(patch) => setField(index, patch)}
                onMove={(by) => move(index, by)}
                onRemove={() => restructure(fields.filter((_, i) => i !== index))}
              />
            ))}
            <Group>
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    disabled={fields.length >= FORM_FIELDS_MAX}
                  >
                    {t("forms.screen.fields.add")}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {formFieldTypes.map((type) => (
                    <Menu.Item key={type} onClick={() => addField(type)}>
                      {fieldWords.types[type]}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Stack>
          <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div>
                <Text size="sm" c="teal" role="status">
                  {notice === "saved" ? t("forms.screen.saved") : ""}
                </Text>
                {notice === "failed" ? (
                  <Text size="sm" c="var(--mantine-color-error)" role="alert">
                    {refused.length > 0
                      ? t("forms.screen.checkIssues")
                      : t("forms.screen.saveFailed")}
                  </Text>
                ) : null}
              </div>
              <Button loading={saver.state !== "idle"} onClick={save} data-testid="save-form">
                {t("forms.screen.save")}
              </Button>
            </Group>
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Box
          component="section"
          aria-labelledby={previewTitle}
          pos="sticky"
          top="var(--mantine-spacing-md)"
          onSubmitCapture={(event) => event.preventDefault()}
          data-testid="form-preview"
        >
          <Title order={2} size="h4" id={previewTitle}>
            {t("forms.screen.preview.title")}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("forms.screen.preview.help")}
          </Text>
          <PublicFormView
            form={{
              id: id ?? PREVIEW_ID,
              slug: settings.slug,
              name: settings.name,
              fields: previewFields,
              submitLabel: settings.submitLabel,
              successMessage: settings.successMessage,
              status: "active",
            }}
            stamp=""
            pageUrl=""
            hidden={{}}
            countries={countries}
            words={words}
            idPrefix="preview"
          />
        </Box>
      </Grid.Col>
    </Grid>
  );
}

type Translate = ReturnType<typeof useTranslation>["t"];

/** A new form: its e-mail field and consent box, in the owner's words, every setting filled. */
function startingForm(t: Translate): FormDefinition {
  const blank = blankForm({
    name: t("forms.screen.defaults.name"),
    email: t("forms.screen.defaults.email"),
    consent: t("forms.screen.defaults.consent"),
  });
  return {
    status: "active",
    submitLabel: "",
    successMessage: "",
    redirectUrl: "",
    tags: [],
    doubleOptIn: false,
    ...blank,
    slug: blank.slug || slugify(blank.name),
    fields: blank.fields.map((field) => cleanField(draftField(field))),
  };
}
