import { z } from "zod";
import { defineOption, defineOptionPart } from "~/features/options/options";
import { directMessagePolicies } from "./message-shapes";

/** The owner's rule for direct messages (decision 065): everyone by default, as Circle and Skool do. */
export const messagesOption = defineOption(
  "messages",
  z.object({ policy: z.enum(directMessagePolicies).default("everyone") }),
);

/** The whole option, saved by the owner's "Who may message whom" (the one options save). */
export const messagesPolicyPart = defineOptionPart({
  name: "messagesPolicy",
  key: "messages",
  schema: messagesOption.schema,
});
