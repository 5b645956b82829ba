// The sign-up's door: a new account with its default roles, for the demo seed and the tests'
// factories. The sign-up itself is answered by this feature's own API (api.server.ts); keeping
// it out of the door keeps the mail templates (and their Vite-only catalogue import) out of
// the scripts that only need an account.
export * from "./new-account.server";
