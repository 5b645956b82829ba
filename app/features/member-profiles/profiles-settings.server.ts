import { getSiteOptions } from "~/features/options/options.server";
import type { Tx } from "~/platform/db/database.server";
import { profilesOption, type ProfilesSettings } from "./profiles-option";

/** Who the site lets see members' profiles: its members, and visitors (decisions 070, 071). */
export async function profilesSettings(tx: Tx, accountId: string): Promise<ProfilesSettings> {
  const { profiles } = await getSiteOptions(tx, { accountId, options: [profilesOption] });
  return { visible: profiles?.visible ?? true, public: profiles?.public ?? false };
}
