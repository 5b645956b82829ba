// The maintenance feature's server door: the platform's upkeep screens for super-admins.
export { answerCronsCommand, loadCronsScreen, type ScheduleControl } from "./crons.server";
