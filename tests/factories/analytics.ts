import { analyticsEvents, funnelSessions, pageViews } from "~/features/analytics/tables.server";
import type { Database } from "~/platform/db/database.server";

/** A campaign visit with one page view and one add_to_cart event, for an account. */
export async function createAnalyticsRows(
  database: Database,
  { accountId }: { accountId: string },
) {
  return database.forAccount(accountId, async (tx) => {
    const [session] = await tx
      .insert(funnelSessions)
      .values({
        accountId,
        utmSource: "newsletter",
        utmMedium: "email",
        utmCampaign: "spring",
        initialPage: "/",
        deviceInfo: {
          browser: "Firefox",
          platform: "Linux",
          screenWidth: 1280,
          screenHeight: 800,
          deviceType: "desktop",
        },
      })
      .returning();
    await tx.insert(pageViews).values({ accountId, path: "/", funnelSessionId: session!.id });
    await tx.insert(analyticsEvents).values({
      accountId,
      name: "add_to_cart",
      currency: "USD",
      value: "49",
      items: [{ item_id: "c1", item_name: "Course", price: 49, quantity: 1 }],
      funnelSessionId: session!.id,
    });
    return { sessionId: session!.id };
  });
}
