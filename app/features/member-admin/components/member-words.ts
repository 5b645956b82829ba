import { useTranslation } from "~/platform/i18n/use-translation";
import type { MemberStatus, SeenWindow } from "../member-shapes";

export const statusColour: Record<MemberStatus, string> = { active: "teal", suspended: "red" };

/** The screens' fixed words (literal keys, for the key trace); a role by its name. */
export function useMemberWords() {
  const { t } = useTranslation();
  const statuses: Record<MemberStatus, string> = {
    active: t("members.status.active"),
    suspended: t("members.status.suspended"),
  };
  const seen: Record<SeenWindow, string> = {
    "7d": t("members.seen.7d"),
    "30d": t("members.seen.30d"),
    "90d": t("members.seen.90d"),
    never: t("members.seen.never"),
  };
  const courseStatuses: Record<string, string> = {
    active: t("members.courseStatus.active"),
    completed: t("members.courseStatus.completed"),
    expired: t("members.courseStatus.expired"),
    cancelled: t("members.courseStatus.cancelled"),
  };
  const levelStatuses: Record<string, string> = {
    active: t("members.levelStatus.active"),
    cancelled: t("members.levelStatus.cancelled"),
    expired: t("members.levelStatus.expired"),
  };
  const groupPlaces: Record<string, string> = {
    member: t("members.groupPlace.member"),
    moderator: t("members.groupPlace.moderator"),
    requested: t("members.groupPlace.requested"),
    banned: t("members.groupPlace.banned"),
  };
  // The default roles have names in every language; a site's own role shows as it was named.
  const role = (name: string) => t(`roles.${name}`, { defaultValue: name });
  return { statuses, seen, courseStatuses, levelStatuses, groupPlaces, role };
}
