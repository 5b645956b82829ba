// The Members screen's server door (issue 35): the list, its CSV, a member's page, the commands
// and the invitation's mail job.
export {
  listMembers,
  membersCsv,
  membersForExport,
  type MembersRequest,
} from "./member-directory.server";
export { loadMemberDetail } from "./member-profile.server";
export { commandMembers, type MemberCommandDeps } from "./member-commands.server";
export { listInvites, MEMBER_INVITE_JOB, sendMemberInvite } from "./member-invites.server";
