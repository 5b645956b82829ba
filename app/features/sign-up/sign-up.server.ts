// The sign-up's door: a new account (its row, roles and default content) and its owner.
export * from "./account-sign-up.server";
export * from "./new-account.server";
