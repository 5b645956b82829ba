// The contacts feature's client-safe door (M5): what a contact and a segment are, and the screen.
export * from "./contact-shapes";
export { ContactsScreen, type ContactsTab } from "./components/contacts-screen";
