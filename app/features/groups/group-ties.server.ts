import { and, eq, inArray } from "drizzle-orm";
import type { EventConsumer } from "~/features/events/events.server";
import type { Database } from "~/platform/db/database.server";
import { groupMembers, groups } from "./tables.server";

/**
 * Groups' part in the domain events (decision 064): a person who enrols in a course, or starts
 * holding a membership, is let into the groups tied to it at once, as they would be by their
 * own click. Someone a moderator banned stays out; a batch handed on twice adds nobody twice.
 */
export function groupTiesConsumer({ database }: { database: Database }): EventConsumer {
  return {
    name: "groups",
    async take(accountId, events) {
      type Tie = { kind: "course" | "membership"; id: string; userId: string };
      const ties = events.flatMap((event): Tie[] => {
        if (!event.userId) return [];
        if (event.type === "course.enrolled" && typeof event.data.courseId === "string")
          return [{ kind: "course", id: event.data.courseId, userId: event.userId }];
        if (event.type === "membership.started" && typeof event.data.membershipId === "string")
          return [
            { kind: "membership" as const, id: event.data.membershipId, userId: event.userId },
          ];
        return [];
      });
      if (ties.length === 0) return;
      await database.forAccount(accountId, async (tx) => {
        const tied = await tx
          .select({ id: groups.id, accessKind: groups.accessKind, accessId: groups.accessId })
          .from(groups)
          .where(
            and(
              eq(groups.accountId, accountId),
              inArray(
                groups.accessId,
                ties.map((tie) => tie.id),
              ),
            ),
          );
        const rows = ties.flatMap((tie) =>
          tied
            .filter((group) => group.accessKind === tie.kind && group.accessId === tie.id)
            .map((group) => ({ accountId, groupId: group.id, userId: tie.userId })),
        );
        if (rows.length > 0) await tx.insert(groupMembers).values(rows).onConflictDoNothing();
      });
    },
  };
}
