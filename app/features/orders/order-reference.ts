/** An order reference as shown back: letters, digits and dashes only, or nothing. */
const orderReference = /^[A-Za-z0-9-]{1,40}$/;

/** Where the reference goes in the sentence the server wrote (never in a translation). */
export const orderReferenceSlot = "{order}";

/**
 * `/thankyou?order=…` on a public page (decision 048): the server renders one page for everyone
 * (it is cached), so the reference from the address is put in here, in the browser. The
 * sentence waits in a `<template>` and is only added when the address holds a reference.
 */
export function enhanceOrderReference(template: HTMLElement) {
  const order = new URLSearchParams(window.location.search).get("order");
  if (!(template instanceof HTMLTemplateElement) || !order || !orderReference.test(order)) return;
  const sentence = template.content.firstElementChild?.cloneNode(true);
  if (!(sentence instanceof HTMLElement)) return;
  sentence.textContent = (sentence.textContent ?? "").replace(orderReferenceSlot, order);
  template.replaceWith(sentence);
}
