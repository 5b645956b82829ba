import { createContext, useContext } from "react";
import type { Mentionable } from "./mentions";

/**
 * What every part of a group's page may need to know, without passing it down each level: who
 * is reading, whom they may mention, and which posts and comments stand reported (moderators).
 */
export type GroupPlace = {
  viewerId: string;
  mentionable: readonly Mentionable[];
  /** The ids of the posts and comments with an open report (empty for others than moderators). */
  reported: ReadonlySet<string>;
};

export const GroupPlaceContext = createContext<GroupPlace>({
  viewerId: "",
  mentionable: [],
  reported: new Set(),
});

export function useGroupPlace(): GroupPlace {
  return useContext(GroupPlaceContext);
}
