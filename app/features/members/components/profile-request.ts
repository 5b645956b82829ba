import { useState } from "react";
import { useRevalidator } from "react-router";

/**
 * `/api/account/profile`: the member's own name, "about you", web addresses or public switch,
 * any of them.
 */
export function postOwnProfile(changes: {
  name?: string;
  bio?: string;
  links?: string[];
  profilePublic?: boolean;
}): Promise<Response | null> {
  return fetch("/api/account/profile", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(changes),
  }).catch(() => null);
}

/**
 * One request of the profile's cards at a time: busy while it runs, then a message by its answer
 * (an i18n key), and the page's data read again once it is saved.
 */
export function useProfileRequest() {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ color: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(
    request: () => Promise<Response | null>,
    keys: { saved: string; failed: string },
  ) {
    setBusy(true);
    setMessage(null);
    const res = await request();
    setBusy(false);
    setMessage(res?.ok ? { color: "teal", key: keys.saved } : { color: "red", key: keys.failed });
    if (res?.ok) revalidator.revalidate();
  }
  return { busy, message, send };
}
