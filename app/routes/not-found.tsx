import { data } from "react-router";
import { islandsHandle } from "~/platform/islands/island-document";

// On a site, the 404 is HTML plus the frame's islands (decision 048): its way home is a link.
export const handle = islandsHandle;

/** Any path no route claims: a styled 404 inside the site's (or platform's) frame. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
