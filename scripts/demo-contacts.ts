import { and, eq } from "drizzle-orm";
import { captureContact } from "~/features/contacts/contacts.server";
import { contacts, segments } from "~/features/contacts/tables.server";
import type { Tx } from "~/platform/db/database.server";

/** Readers who left their address on the demo site's forms, a few of them gone since. */
const readers = [
  ["Amara Okafor", "design"],
  ["Lucas Martin", "design"],
  ["Mei Chen", "photography"],
  ["Sofia Rossi", "design"],
  ["Jonas Berg", "photography"],
  ["Priya Nair", "design"],
  ["Tomás García", "writing"],
  ["Hana Sato", "photography"],
  ["Elif Yılmaz", "writing"],
  ["Noah Williams", "design"],
  ["Ava Dubois", "writing"],
  ["Kwame Mensah", "design"],
] as const;

/**
 * M5 the demo's audience: its people as contacts (as signing up makes them), readers from the
 * newsletter form with their interests as tags and a city field, and two saved segments, so a
 * newcomer's first look at Contacts and Segments shows how they work.
 */
export async function insertDemoContacts(
  tx: Tx,
  {
    accountId,
    people,
  }: { accountId: string; people: { email: string; name: string; id: string }[] },
) {
  const now = Date.now();
  for (const [index, person] of people.entries())
    await captureContact(tx, {
      accountId,
      email: person.email,
      name: person.name,
      userId: person.id,
      source: "signup",
      status: "subscribed",
      tags: ["member"],
      proof: { wording: "Keep me posted about new courses (sign-up form)", origin: "signup" },
      now: new Date(now - (40 - index) * 86_400_000),
    });
  const cities = ["Lagos", "Lyon", "Taipei", "Milan", "Oslo", "Kochi"];
  for (const [index, [name, interest]] of readers.entries()) {
    const { contact } = await captureContact(tx, {
      accountId,
      email: `${name
        .split(" ")[0]!
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[^a-z]/g, "")}@readers.example`,
      name,
      source: index % 4 === 3 ? "import" : "form",
      status: "subscribed",
      tags: ["newsletter", interest],
      fields: { city: cities[index % cities.length]! },
      proof: {
        wording: "Send me the monthly newsletter. I can unsubscribe at any time.",
        origin: "form:newsletter",
        pageUrl: "/blog",
      },
      now: new Date(now - (30 - index * 2) * 86_400_000),
    });
    if (index === 5 || index === 10)
      await tx
        .update(contacts)
        .set({ status: index === 5 ? "unsubscribed" : "bounced" })
        .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contact.id)));
  }
  await tx.insert(segments).values([
    {
      accountId,
      name: "Design readers",
      rules: { tagsAll: ["newsletter", "design"], statuses: ["subscribed"] },
    },
    { accountId, name: "Members", rules: { tagsAny: ["member"] } },
  ]);
}
