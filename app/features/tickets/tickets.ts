// The tickets feature's client door (issue 17 scope 6): the screens and their shapes.
export { TicketsScreenView } from "./components/tickets-screen";
export { TicketThreadView } from "./components/ticket-thread";
export { ticketStatusColours } from "./components/ticket-parts";
export * from "./ticket-shapes";
export * from "./ticket-views";
export {
  MAX_TICKET_FILE_BYTES,
  MAX_TICKET_FILES,
  TICKET_REQUEST_BYTES,
  ticketUploadPath,
} from "./validation";
