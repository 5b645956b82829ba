import { RevisionHistory, type HistorySide, type RevisionRow } from "~/features/content/content";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ComparedPage } from "../page-revisions.server";

export type { RevisionRow };

/** The compared fields in the builder's order, each named by the label its editor shows. */
const fieldLabels = [
  ["title", "content.compare.fields.title"],
  ["slug", "content.compare.fields.slug"],
  ["kind", "pages.editor.kind"],
  ["description", "pages.editor.description"],
  ["content", "content.compare.fields.content"],
  ["seoTitle", "content.seo.metaTitle"],
  ["seoDescription", "content.seo.metaDescription"],
  ["seoImage", "content.seo.socialImage"],
] as const;

/**
 * A page's (or doc's) history: the content core's, its pair read from the builder's own loader
 * at `compareAt`. The server reads each block's words; they are named here, in the editor's
 * language, as the builder names them.
 */
export function PageRevisions({
  revisions,
  compareAt,
  onRestore,
}: {
  revisions: RevisionRow[];
  compareAt: string;
  onRestore: (revisionId: string) => void;
}) {
  const { t } = useTranslation();
  const sideOf = ({ fields, blocks, ...side }: ComparedPage): HistorySide => ({
    ...side,
    fields: {
      ...fields,
      kind: fields.kind === "doc" ? t("pages.editor.kindDoc") : t("pages.editor.kindPage"),
      content: blocks
        .map(({ type, text }) => {
          const name = t(`pages.blocks.${type}`, { defaultValue: type });
          return text ? `${name}: ${text}` : name;
        })
        .join("\n"),
    },
  });
  return (
    <RevisionHistory
      revisions={revisions}
      fields={fieldLabels.map(([key, label]) => ({ key, label: t(label) }))}
      compareAt={compareAt}
      sidesOf={(data) => {
        const pair = (data as { compared?: [ComparedPage, ComparedPage] | null }).compared;
        return pair ? [sideOf(pair[0]), sideOf(pair[1])] : null;
      }}
      onRestore={onRestore}
      closeLabel={t("siteSettings.common.close")}
    />
  );
}
