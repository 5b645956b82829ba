import { Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AnswerIssue } from "../form-shapes";
import { PublicFormView, type FormRender, type FormValues } from "./public-form";
import { siteFormClasses as classes } from "~/features/site/site";

/** Why the form shows again: closed, a stale or missing stamp, mistakes, too many tries. */
export type FormAlert = "closed" | "stamp" | "answers" | "tooMany";

export type FormPageState =
  | { kind: "form"; values?: FormValues; issues?: AnswerIssue[]; alert?: FormAlert }
  | { kind: "sent"; message: string }
  | { kind: "confirm" };

/**
 * `/form/{slug}`: a form on a page of its own (a link in a post, a bio, a QR code), and where
 * every copy of it posts; after sending, its thank-you message or "check your inbox".
 */
export function FormPage({ render, state }: { render: FormRender; state: FormPageState }) {
  const { t } = useTranslation();
  const alerts = {
    closed: t("forms.public.closed"),
    stamp: t("forms.public.stamp"),
    answers: t("forms.public.fix"),
    tooMany: t("forms.public.tooMany"),
  };
  return (
    <Container size="sm" py={{ base: 32, sm: 64 }}>
      <Stack gap="lg">
        <Title order={1}>{render.form.name}</Title>
        {state.kind === "sent" ? (
          <p className={classes.notice} role="status">
            {state.message || t("forms.public.thanks")}
          </p>
        ) : state.kind === "confirm" ? (
          <div className={classes.notice} role="status">
            <Text fw={600}>{t("forms.public.checkInbox")}</Text>
            <Text>{t("forms.public.checkInboxText")}</Text>
          </div>
        ) : (
          <PublicFormView
            {...render}
            values={state.values}
            issues={state.issues}
            alert={state.alert ? alerts[state.alert] : undefined}
          />
        )}
      </Stack>
    </Container>
  );
}
