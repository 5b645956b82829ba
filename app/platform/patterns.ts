/** Shared input patterns (spec §5, checklist V1). Client-safe. */

/** A domain name of at least two labels with an alphabetic TLD of 2+ letters. */
export const domainPattern = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/i;

/** user@host.tld with a TLD of 2+ letters. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/** http(s) URL. */
export const urlPattern = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** Account slug: lower-case letters, digits and inner hyphens. */
export const slugPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A phone number in E.164 form: `+` and 8 to 15 digits. */
export const phonePattern = /^\+[1-9]\d{7,14}$/;
