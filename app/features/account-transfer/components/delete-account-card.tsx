import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { errorKeyOf } from "~/platform/errors";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ErasureStanding } from "../export-shapes";

/**
 * On a member's profile: what deleting their account here removes and what the site keeps
 * (decision 082), and the deletion itself, confirmed with their password (or, for someone who
 * signs in without one, their e-mail address). Staff and members with a renewing subscription
 * are told what to do instead.
 */
export function DeleteAccountCard({ standing }: { standing: ErasureStanding }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="lg" data-testid="delete-account">
      <Title order={2} fz="lg" mb={4}>
        {t("profile.delete.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("profile.delete.description")}
      </Text>
      <List size="sm" spacing={4} mb="md">
        <List.Item>{t("profile.delete.goes")}</List.Item>
        <List.Item>{t("profile.delete.stays")}</List.Item>
        <List.Item>{t("profile.delete.elsewhere")}</List.Item>
      </List>
      {standing.allowed ? (
        <Group>
          <Button color="red.8" variant="outline" onClick={() => setOpen(true)}>
            {t("profile.delete.button")}
          </Button>
        </Group>
      ) : (
        <Alert color="yellow" variant="light">
          {t(standing.reason === "staff" ? "profile.delete.staff" : "profile.delete.subscription")}
        </Alert>
      )}
      {open && standing.allowed ? (
        <ConfirmDeletion confirmWith={standing.confirmWith} onCancel={() => setOpen(false)} />
      ) : null}
    </Card>
  );
}

function ConfirmDeletion({
  confirmWith,
  onCancel,
}: {
  confirmWith: "password" | "email";
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: false; code: string }>();
  const [confirmation, setConfirmation] = useState("");
  const label = t(
    confirmWith === "password" ? "profile.delete.confirmPassword" : "profile.delete.confirmEmail",
  );
  const Field = confirmWith === "password" ? PasswordInput : TextInput;
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t("profile.delete.confirmTitle")}
      closeButtonProps={{ "aria-label": t("profile.delete.cancel") }}
    >
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="deleteAccount" />
        <Stack gap="sm">
          <Text size="sm">{t("profile.delete.final")}</Text>
          <Field
            name="confirmation"
            label={label}
            required
            autoComplete={confirmWith === "password" ? "current-password" : "email"}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            data-autofocus
          />
          {fetcher.data && !fetcher.data.ok ? (
            <Alert color="red" variant="light" role="alert">
              {t(errorKeyOf(fetcher.data.code))}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t("profile.delete.cancel")}
            </Button>
            <Button
              type="submit"
              color="red"
              loading={fetcher.state !== "idle"}
              disabled={!confirmation}
            >
              {t("profile.delete.confirm")}
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Modal>
  );
}
