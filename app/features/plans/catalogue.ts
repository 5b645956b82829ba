import type { plans } from "./tables.server";

const allFeatures = ["lms", "groups", "appointments", "single_session"];
const addons = { certificates: "free", zoom: "free" } as const;

/** The platform's plans, as spec §9 states them. Prices in whole currency units (USD). */
export const planCatalogue: (typeof plans.$inferInsert)[] = [
  {
    id: "starter",
    label: "Starter",
    description: "Everything a new school needs to launch.",
    pricing: {
      stripe: {
        monthly: { amount: 29, iterations: 48, trial_days: 30 },
        annual: { amount: 299, iterations: 4, trial_days: 30 },
      },
    },
    features: allFeatures,
    limits: { members: 10000, emails: 10000, chats: 100, ai_tokens: 1000, storage: 1024 },
    addons,
    sortOrder: 1,
  },
  {
    id: "professional",
    label: "Professional",
    description: "For growing academies with large audiences.",
    pricing: {
      stripe: {
        monthly: { amount: 99, iterations: 24 },
        annual: { amount: 999, iterations: 2 },
      },
    },
    features: allFeatures,
    limits: { members: 100000, emails: 100000, chats: 1000 },
    addons,
    sortOrder: 2,
  },
  {
    id: "dedicated",
    label: "Dedicated",
    description: "A focused plan for communities and cohorts.",
    pricing: { stripe: { monthly: { amount: 49 }, annual: { amount: 499 } } },
    features: allFeatures,
    limits: { groups: 3 },
    addons,
    sortOrder: 3,
  },
  {
    id: "lifetime",
    label: "Lifetime",
    description: "Pay once, keep your site.",
    pricing: { stripe: { onetime: { amount: 19 } } },
    features: ["lms", "groups"],
    limits: {
      ai_tokens: 500,
      mau: 5000,
      emails: 5000,
      chats: 50,
      courses: 10,
      groups: 3,
      funnels: 3,
      email_verify: 100,
      storage: 512,
    },
    addons,
    sortOrder: 4,
  },
];
