// The meetings feature's server door (issue 36, decision 077): the site's meeting server, the
// rooms of booked sessions and those hosts open, and entering one.
export { loadMeetingSettings, saveMeetingSettings } from "./meeting-settings.server";
export { ensureSessionRooms, listMeetings, openAdhocRoom, sessionKeyOf } from "./rooms.server";
export { joinMeeting } from "./room-entry.server";
export { roomAddress, type RoomServer } from "./room-address.server";
export { commandMeetingsScreen, loadMeetingsScreen } from "./meetings-screen.server";
