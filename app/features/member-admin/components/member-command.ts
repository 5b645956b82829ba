import { useFetcher } from "react-router";
import { errorKeyOf } from "~/platform/errors";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MemberAnswer, MemberCommand } from "../member-shapes";

/**
 * One command sent as JSON to the screen's own action, with its answer once back (undefined
 * while it travels); `refusal` is a refused command in the reader's words.
 */
export function useMemberCommand() {
  const { t } = useTranslation();
  const fetcher = useFetcher<MemberAnswer>();
  const send = (command: MemberCommand) =>
    fetcher.submit(command as Parameters<typeof fetcher.submit>[0], {
      method: "post",
      encType: "application/json",
    });
  const busy = fetcher.state !== "idle";
  const answer = busy ? undefined : fetcher.data;
  const refusal =
    answer && !answer.ok && !(answer.code === "request.invalid" && answer.issues?.length)
      ? t(errorKeyOf(answer.code))
      : null;
  return { send, answer, busy, refusal };
}
