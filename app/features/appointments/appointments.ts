// The appointments feature's door for routes (issue 36), client-safe.
export * from "./appointment-shapes";
export { knownZones } from "./availability";
export { AppointmentsSetupScreen } from "./components/setup-screen";
export { BookingPage } from "./components/booking-page";
export { BookingsScreen } from "./components/bookings-screen";
export { HostAppointmentsScreen } from "./components/host-screen";
export { BookableListPage } from "./components/bookable-list-page";
export { fullTime, useReaderZone, zoneLabel } from "./local-times";
