import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { INVITE_MAX, OWNER_ROLE, splitAddresses } from "../member-shapes";
import { useMemberCommand } from "./member-command";
import { useMemberWords } from "./member-words";

/**
 * Issue 35 invitations: addresses typed or pasted; each that is not a member's yet is mailed the
 * site's sign-up link, and joins with the role chosen (decision 072). The modal says what was
 * sent and which addresses were members already.
 */
export function InviteModal({ roles, onClose }: { roles: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const command = useMemberCommand();
  const words = useMemberWords();
  const [text, setText] = useState("");
  const [role, setRole] = useState<string | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const [sent, setSent] = useState<string[]>([]);
  const addresses = splitAddresses(text);
  const answer = command.answer;
  const issues = answer && !answer.ok ? (answer.issues ?? []) : [];
  // "emails.3": the fourth address sent was refused.
  const refused = issues
    .map((issue) => /^emails\.(\d+)$/.exec(issue.path)?.[1])
    .filter((index): index is string => index !== undefined)
    .map((index) => sent[Number(index)] ?? "");
  const fieldError =
    local ??
    (refused.length
      ? t("members.invite.invalid", { addresses: refused.join(", ") })
      : issues.length
        ? t("members.invite.tooMany", { max: INVITE_MAX })
        : undefined);
  const done = answer?.ok ? answer : null;

  const send = () => {
    if (addresses.length === 0) return setLocal(t("members.invite.none"));
    if (addresses.length > INVITE_MAX)
      return setLocal(t("members.invite.tooMany", { max: INVITE_MAX }));
    setLocal(null);
    setSent(addresses);
    void command.send({ intent: "invite", emails: addresses, ...(role ? { role } : {}) });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t("members.invite.title")}
      closeButtonProps={{ "aria-label": t("members.close") }}
    >
      <form
        data-testid="invite-form"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t("members.invite.how")}</Text>
          <Textarea
            label={t("members.invite.addresses")}
            description={t("members.invite.addressesHelp", { max: INVITE_MAX })}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={10}
            error={fieldError}
            dir="ltr"
            data-autofocus
            data-testid="invite-addresses"
          />
          <Select
            label={t("members.invite.role")}
            placeholder={t("members.invite.roleDefault")}
            data={roles
              .filter((name) => name !== OWNER_ROLE)
              .map((name) => ({ value: name, label: words.role(name) }))}
            value={role}
            onChange={setRole}
            clearable
            data-testid="invite-role"
          />
          {command.refusal ? (
            <Alert color="red" variant="light" role="alert">
              {command.refusal}
            </Alert>
          ) : null}
          {done ? (
            <Alert color="teal" variant="light" role="status" data-testid="invite-done">
              <Stack gap={4}>
                <Text size="sm">
                  {t("members.invite.sent", { total: String(done.invited?.length ?? 0) })}
                </Text>
                {done.already?.length ? (
                  <Text size="sm">
                    {t("members.invite.already", { addresses: done.already.join(", ") })}
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("members.close")}
            </Button>
            <Button type="submit" loading={command.busy} data-testid="invite-send">
              {t("members.invite.send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
