import { useState, type FormEvent } from "react";

/**
 * A form's round trip: `send` keeps the page from posting, shows the button busy and clears the
 * last message while the request runs, and gives back its answer for the form to read.
 * `message` is what the form then says: an error key for most forms (`M` for others).
 */
export function useFormSend<M = string>(initial: M | null = null) {
  const [message, setMessage] = useState<M | null>(initial);
  const [busy, setBusy] = useState(false);
  async function send<T>(event: FormEvent | undefined, request: () => Promise<T>): Promise<T> {
    event?.preventDefault();
    setBusy(true);
    setMessage(null);
    const answer = await request();
    setBusy(false);
    return answer;
  }
  return { message, setMessage, busy, send };
}
