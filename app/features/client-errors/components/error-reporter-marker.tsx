import { useIslandDocument } from "~/platform/islands/island";

/**
 * Where an island document installs the error reporter (its enhancer, decision 048): such a
 * page runs no root effect. Elsewhere the root installs it and this renders nothing.
 */
export function ErrorReporterMarker({ accountId }: { accountId: string }) {
  const islands = useIslandDocument();
  if (!islands) return null;
  return <div hidden data-enhance="error-reporter" data-account-id={accountId} />;
}
