import { Switch } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useMessageCommand, useRefusal } from "./message-words";

/** The viewer's own e-mail about messages left unread (decision 068). */
export function DigestSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const command = useMessageCommand();
  const refusal = useRefusal(command.answer);
  // Shows the choice at once; the saved value replaces it when the screen's data changes.
  const [value, setValue] = useState(on);
  const [seen, setSeen] = useState({ on, answer: command.answer });
  if (seen.on !== on || seen.answer !== command.answer) {
    setSeen({ on, answer: command.answer });
    if (seen.on !== on || command.answer?.ok === false) setValue(on);
  }
  return (
    <Switch
      size="sm"
      checked={value}
      label={t("messages.digest.label")}
      description={t("messages.digest.description")}
      error={refusal}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setValue(next);
        void command.send({ intent: "digest", on: next });
      }}
      mt={4}
      data-testid="message-digest"
    />
  );
}
