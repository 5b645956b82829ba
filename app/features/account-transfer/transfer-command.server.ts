import fs from "node:fs";
import { sql } from "drizzle-orm";
import { englishText } from "~/platform/i18n/messages.server";
import { AppError, errorCatalogue } from "~/platform/errors";
import { writeAccountArchive, type TransferServices } from "./export.server";
import { readAccountArchive } from "./import.server";

const usage = [
  "usage: node server/main.ts account-export <site slug, domain or account id> <archive.tar.gz>",
  "       node server/main.ts account-import <archive.tar.gz> [new slug]",
].join("\n");

async function findSite({ database }: TransferServices, site: string) {
  const { rows } = await database.owner.execute<{ account_id: string }>(
    sql`select account_id from accounts
         where slug = ${site} or domain = ${site} or account_id::text = ${site} limit 1`,
  );
  return rows[0]?.account_id;
}

/**
 * The operator's two commands (server/entry.server.ts `transferAccount`): answers the exit
 * code, and prints one line a person reads (a refusal in the error catalogue's English).
 */
export async function transferCommand(services: TransferServices, argv: string[]): Promise<number> {
  const [command, first, second] = argv;
  try {
    if (command === "account-export" && first && second) {
      const accountId = await findSite(services, first);
      if (!accountId) {
        console.error(`lyceum: no site "${first}" on this server`);
        return 1;
      }
      // Written aside and renamed: a failed export never leaves half an archive under its name.
      const temporary = `${second}.partial`;
      const summary = await writeAccountArchive(
        services,
        accountId,
        fs.createWriteStream(temporary),
      ).catch((error: unknown) => {
        fs.rmSync(temporary, { force: true });
        throw error;
      });
      fs.renameSync(temporary, second);
      console.log(
        `lyceum: exported ${first} to ${second}: ${summary.rows} rows in ${summary.tables} tables, ${summary.people} people, ${summary.files} files (${summary.bytes} bytes)`,
      );
      return 0;
    }
    if (command === "account-import" && first) {
      if (!fs.existsSync(first)) {
        console.error(`lyceum: no file ${first}`);
        return 1;
      }
      const summary = await readAccountArchive(services, fs.createReadStream(first), {
        slug: second,
      });
      console.log(
        `lyceum: imported ${summary.slug} (${summary.accountId}): ${summary.rows} rows, ${summary.files} files; ${summary.matchedPeople} people already here, ${summary.newPeople} new (they set a password with "Forgot password")`,
      );
      if (summary.domainDropped)
        console.log(
          `lyceum: ${summary.domainDropped} belongs to another site here: connect a domain again`,
        );
      if (summary.leftOut.length)
        console.log(`lyceum: not carried, enter again: ${summary.leftOut.join(", ")}`);
      return 0;
    }
    console.error(usage);
    return 2;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const reason = (error.details as { reason?: string } | undefined)?.reason;
    console.error(
      `lyceum: ${englishText(errorCatalogue[error.code].key)}${reason ? ` (${reason})` : ""}`,
    );
    return 1;
  }
}
