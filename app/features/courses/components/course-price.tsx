import { Badge, type BadgeProps } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { formatPrice } from "../price";

export type CoursePriceProps = BadgeProps & {
  /** In the currency's minor units; 0 is free. */
  price: number;
  currency: string;
  "data-testid"?: string;
};

/** A course's price as a badge, in the reader's language: the catalogue's cards and the course page. */
export function CoursePrice({ price, currency, ...badge }: CoursePriceProps) {
  const { t, i18n } = useTranslation();
  return (
    <Badge variant="light" {...badge}>
      {formatPrice({ minor: price, currency, lang: i18n.language, free: t("site.courses.free") })}
    </Badge>
  );
}
