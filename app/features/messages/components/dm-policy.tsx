import { NativeSelect, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { directMessagePolicies, type DirectMessagePolicy } from "../message-shapes";
import { useMessageCommand, useRefusal } from "./message-words";

/** The site's rule for who may start a conversation with whom (the managers set it). */
export function DmPolicy({ policy }: { policy: DirectMessagePolicy }) {
  const { t } = useTranslation();
  const command = useMessageCommand();
  const refusal = useRefusal(command.answer);
  // The choice shows at once (a select's input and change events agree on it); the rule in
  // force replaces it once saved, or refused.
  const [value, setValue] = useState(policy);
  const [seen, setSeen] = useState({ policy, answer: command.answer });
  if (seen.policy !== policy || seen.answer !== command.answer) {
    setSeen({ policy, answer: command.answer });
    if (seen.policy !== policy || command.answer?.ok === false) setValue(policy);
  }
  const labels: Record<DirectMessagePolicy, string> = {
    everyone: t("messages.policy.everyone"),
    instructors: t("messages.policy.instructors"),
    off: t("messages.policy.off"),
  };
  return (
    <Stack gap={2}>
      <NativeSelect
        size="sm"
        label={t("messages.policy.label")}
        value={value}
        data={directMessagePolicies.map((choice) => ({ value: choice, label: labels[choice] }))}
        onChange={(event) => {
          const next = event.currentTarget.value as DirectMessagePolicy;
          if (next === value) return;
          setValue(next);
          void command.send({ intent: "policy", policy: next });
        }}
        data-testid="dm-policy"
      />
      {refusal ? (
        <Text size="xs" c="red" role="alert">
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}
