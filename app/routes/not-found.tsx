import { data } from "react-router";

/** Any path no route claims: a styled 404 inside the site's (or platform's) frame. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
