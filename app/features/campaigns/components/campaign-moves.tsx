import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CampaignStatus } from "../campaign-shapes";
import { CommandNotice, type CampaignCommand } from "./campaign-command";

/**
 * A campaign that has started: pause it while it sends, resume it when paused, or cancel it
 * (after asking: those not reached yet will not get it). A finished one only says what it did.
 */
export function CampaignMoves({
  status,
  command,
}: {
  status: CampaignStatus;
  command: CampaignCommand;
}) {
  const { t } = useTranslation();
  const [cancelling, setCancelling] = useState(false);
  const { run, busy } = command;
  const moving = status === "sending" || status === "paused";

  return (
    <Stack gap="sm">
      <CommandNotice command={command} />
      {moving ? (
        <Group gap="sm">
          {status === "sending" ? (
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={16} aria-hidden />}
              loading={busy === "pauseCampaign"}
              onClick={() => run({ intent: "pauseCampaign" })}
              data-testid="pause-campaign"
            >
              {t("campaigns.screen.moves.pause")}
            </Button>
          ) : (
            <Button
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={busy === "resumeCampaign"}
              onClick={() => run({ intent: "resumeCampaign" })}
              data-testid="resume-campaign"
            >
              {t("campaigns.screen.moves.resume")}
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            loading={busy === "cancelCampaign"}
            onClick={() => setCancelling(true)}
            data-testid="cancel-campaign"
          >
            {t("campaigns.screen.moves.cancel")}
          </Button>
        </Group>
      ) : null}
      {cancelling ? (
        <Modal
          opened
          onClose={() => setCancelling(false)}
          size="sm"
          title={t("campaigns.screen.moves.confirmTitle")}
          closeButtonProps={{ "aria-label": t("campaigns.screen.close") }}
        >
          <Stack gap="md">
            <Text size="sm">{t("campaigns.screen.moves.confirmText")}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCancelling(false)}>
                {t("campaigns.screen.moves.keep")}
              </Button>
              <Button
                color="red"
                onClick={() => {
                  setCancelling(false);
                  run({ intent: "cancelCampaign" });
                }}
                data-testid="confirm-cancel-campaign"
              >
                {t("campaigns.screen.moves.cancelConfirm")}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}
