/** The islands' script address (scripts/vite-islands-entry.ts). */
declare module "virtual:lyceum/islands-entry" {
  const address: string;
  export default address;
}
