import { z } from "zod";
import { defineOption } from "~/features/options/options";
import { directMessagePolicies } from "./message-shapes";

/** The owner's rule for direct messages (decision 065): everyone by default, as Circle and Skool do. */
export const messagesOption = defineOption(
  "messages",
  z.object({ policy: z.enum(directMessagePolicies).default("everyone") }),
);
