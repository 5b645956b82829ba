/** Shared input patterns (spec §5, checklist V1). Client-safe. */

/** A domain name of at least two labels with an alphabetic TLD of 2+ letters. */
export const domainPattern = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/i;

/** user@host.tld with a TLD of 2+ letters. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/** http(s) URL. */
export const urlPattern = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/**
 * An http(s) address inside a text with its query string or fragment (which may carry tokens or
 * e-mails): `$1` is the address without them. Global: use it with `replace`.
 */
export const urlQueryInText = /(https?:\/\/[^\s?#)]*)[?#][^\s)]*/g;

/** A path on this site: one leading slash, never `//` or `/\` (which browsers read as another host). */
export const sitePathPattern = /^\/(?![/\\])\S*$/;

/** Account slug: lower-case letters, digits and inner hyphens. */
export const slugPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A phone number in E.164 form: `+` and 8 to 15 digits. */
export const phonePattern = /^\+[1-9]\d{7,14}$/;
