import { and, eq } from "drizzle-orm";
import { contactConsents, contacts } from "~/features/contacts/tables.server";
import { formInputSchema } from "~/features/forms/forms";
import { formSubmissions, forms } from "~/features/forms/tables.server";
import type { Tx } from "~/platform/db/database.server";

const consentWording = "Send me the monthly newsletter. I can unsubscribe at any time.";
const countries = ["NG", "FR", "TW", "IT", "NO", "IN"];

/**
 * M5 the demo's newsletter form (at /form/newsletter) with the answers its readers sent, so a
 * newcomer's first look at Forms shows a form, its builder and its answers. Run after the
 * contacts: each answer belongs to the reader who sent it.
 */
export async function insertDemoForms(tx: Tx, { accountId }: { accountId: string }) {
  const form = formInputSchema.parse({
    name: "Newsletter",
    slug: "newsletter",
    submitLabel: "Subscribe",
    successMessage: "Thank you! The next letter is on its way to your inbox.",
    tags: ["newsletter"],
    fields: [
      { name: "email", type: "email", label: "E-mail address", required: true },
      { name: "name", type: "text", label: "First name", placeholder: "Ada" },
      {
        name: "interest",
        type: "radio",
        label: "What would you like to read about?",
        options: [
          { value: "design", label: "Design" },
          { value: "photography", label: "Photography" },
          { value: "writing", label: "Writing" },
        ],
      },
      { name: "country", type: "country", label: "Country" },
      { name: "consent", type: "consent", label: consentWording, required: true },
    ],
  });
  const [row] = await tx
    .insert(forms)
    .values({ accountId, ...form })
    .returning({ id: forms.id });
  const readers = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.source, "form")))
    .orderBy(contacts.createdAt);
  await tx.insert(formSubmissions).values(
    readers.map((reader, index) => ({
      accountId,
      formId: row!.id,
      contactId: reader.id,
      email: reader.email,
      values: {
        email: reader.email,
        name: reader.name.split(" ")[0]!,
        interest: reader.tags.find((tag) => tag !== "newsletter") ?? "design",
        country: countries[index % countries.length]!,
        consent: true,
      },
      pageUrl: "/blog",
      consentWording,
      createdAt: reader.createdAt,
    })),
  );
  // The readers' consent log names this very form from now on.
  await tx
    .update(contactConsents)
    .set({ origin: `form:${row!.id}` })
    .where(
      and(eq(contactConsents.accountId, accountId), eq(contactConsents.origin, "form:newsletter")),
    );
}
