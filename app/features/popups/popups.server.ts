// M5 popups, server side: the owner's popups and what a visitor's page carries.
export {
  commandPopups,
  countPopupEvent,
  forgetVisitorPopups,
  listPopups,
  loadPopup,
} from "./popup-records.server";
export { visitorPopups } from "./visitor-popups.server";
