import { formSubmissions, forms } from "~/features/forms/tables.server";
import type { Database } from "~/platform/db/database.server";

/** One form with one answer, written as raw rows. */
export async function createFormRows(database: Database, { accountId }: { accountId: string }) {
  await database.forAccount(accountId, async (tx) => {
    const [form] = await tx
      .insert(forms)
      .values({
        accountId,
        name: "Newsletter",
        slug: "newsletter",
        fields: [
          {
            name: "email",
            type: "email",
            label: "E-mail",
            help: "",
            placeholder: "",
            required: true,
            pattern: "",
            options: [],
            hiddenSource: "fixed",
            hiddenValue: "",
          },
        ],
      })
      .returning({ id: forms.id });
    await tx.insert(formSubmissions).values({
      accountId,
      formId: form!.id,
      email: `f-${accountId}@example.com`,
      values: { email: `f-${accountId}@example.com` },
    });
  });
}
