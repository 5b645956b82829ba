// The member-profiles feature's door (client-safe, issue 35, decision 070).
export * from "./profile-shapes";
export * from "./profiles-option";
export { MemberProfileScreen } from "./components/member-profile-screen";
export { ProfilesSwitch } from "./components/profiles-switch";
export { PublicProfilePage } from "./components/public-profile-page";
export { OwnProfileCard } from "./components/own-profile-card";
