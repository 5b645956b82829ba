import { RevisionHistory, type RevisionRow } from "~/features/content/content";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ComparedRevision } from "../revision-compare.server";

export type { RevisionRow };

const compareFields = ["title", "slug", "excerpt", "content", "categories", "tags"] as const;

/** A post's history: the content core's, its pair read from the post editor's loader. */
export function PostRevisions({
  revisions,
  compareAt,
  onRestore,
}: {
  revisions: RevisionRow[];
  /** The post editor's address, whose loader answers the compare. */
  compareAt: string;
  onRestore: (revisionId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <RevisionHistory
      revisions={revisions}
      fields={compareFields.map((key) => ({ key, label: t(`content.compare.fields.${key}`) }))}
      compareAt={compareAt}
      sidesOf={(data) =>
        (data as { compared?: [ComparedRevision, ComparedRevision] | null }).compared ?? null
      }
      onRestore={onRestore}
      closeLabel={t("siteSettings.common.close")}
    />
  );
}
