import { createContext } from "react-router";
import type { PaymentDeps } from "./payments.server";

/** What a page's action needs to talk to a payment provider (the API routes get it directly). */
export const paymentDepsContext = createContext<PaymentDeps>();
