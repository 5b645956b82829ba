// The members feature's door (client-safe): what other features and routes may use.
export * from "./capabilities";
export * from "./components/profile-identity";
export * from "./viewer-context";
export { MemberAvatar, type AvatarVariant } from "./components/member-avatar";
export { BIO_MAX, INVITE_DAYS, isProfileLink, LINKS_MAX } from "./validation";
export { postOwnProfile, useProfileRequest } from "./components/profile-request";
