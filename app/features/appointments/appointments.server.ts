// The appointments feature's server door (issue 36): hours, types, slots, bookings, the check
// when the tz database changes, and invitations.
export {
  bookSlot,
  loadAvailability,
  loadSlots,
  saveAvailability,
  tzVersion,
  wallTime,
} from "./bookings.server";
export {
  createAppointmentType,
  listOwnTypes,
  setTypeActive,
  setTypeProduct,
} from "./appointment-types.server";
export { defaultAvailability } from "./availability";
export { openSlots } from "./slots";
export { BOOKING_MAIL_JOB, sendBookingMail, type BookingMailKind } from "./booking-mail.server";
export { icsOf, type IcsEvent } from "./ics.server";
export { commandAppointmentsSetup, loadAppointmentsSetup } from "./setup.server";
export { REMINDERS_JOB, sendDueReminders } from "./reminders.server";
export { recheckBookingTimes, TZ_RECHECK_JOB } from "./tz-recheck.server";
export { bookerMay, cancelBooking, rescheduleBooking } from "./booking-changes.server";
export { bookingInviteFile, listBookableTypes, listBookings } from "./booking-lists.server";
export {
  BOOKING_SETTLE_JOB,
  bookingPaymentsConsumer,
  bookingReference,
  expireHolds,
  HOLDS_SWEEP_JOB,
  settleBookingOrders,
  type SettleData,
} from "./booking-payments.server";
export { heldBooking, typeOffer } from "./paid-offer.server";
