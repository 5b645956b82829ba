/** An order reference as shown back: letters, digits and dashes only, or nothing. */
const orderReference = /^[A-Za-z0-9-]{1,40}$/;

/**
 * `/thankyou?order=…` on a public page (decision 048): the server renders one page for everyone
 * (it is cached), so the reference from the address is put in here, in the browser. The
 * sentence waits in a `<template>` (components/order-reference.tsx) with the reference's place
 * marked by its `data-slot`, and is only added when the address holds a reference. Nothing
 * here is shared with React code, so it stays inside the page's one script.
 */
export function enhanceOrderReference(template: HTMLElement) {
  const order = new URLSearchParams(window.location.search).get("order");
  const slot = template.dataset.slot;
  if (!(template instanceof HTMLTemplateElement) || !slot) return;
  if (!order || !orderReference.test(order)) return;
  const sentence = template.content.firstElementChild?.cloneNode(true);
  if (!(sentence instanceof HTMLElement)) return;
  sentence.textContent = (sentence.textContent ?? "").replace(slot, order);
  template.replaceWith(sentence);
}
