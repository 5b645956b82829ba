import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconPencil, IconPlus, IconTicket, IconTrash } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useRevalidator } from "react-router";
import { formatCartMoney, formatPercent, minorToMajor } from "~/features/cart/cart";
import { dateFormat } from "~/platform/i18n/formats";
import { SavedToast } from "~/ui/saved-toast";
import type { CouponProductOption, CouponRow } from "../coupon-shapes";
import { couponApi } from "./coupon-api";
import { CouponEditor } from "./coupon-editor";

export type CouponsPanelProps = {
  coupons: CouponRow[];
  products: CouponProductOption[];
  /** The site's currency (flat amounts are in its minor units). */
  currency: string;
};

type Status = "active" | "scheduled" | "expired" | "usedUp";
const nowrap = { whiteSpace: "nowrap" } as const;
const statusColor: Record<Status, string> = {
  active: "green",
  scheduled: "blue",
  expired: "gray",
  usedUp: "orange",
};

/** Where a coupon stands now, by the same rules as the check (spec §5). */
function statusOf(coupon: CouponRow, now: number): Status {
  if (coupon.usageLimit > 0 && coupon.usageCount >= coupon.usageLimit) return "usedUp";
  if (coupon.dateStart && Date.parse(coupon.dateStart) > now) return "scheduled";
  if (coupon.dateEnd && Date.parse(coupon.dateEnd) < now) return "expired";
  return "active";
}

/**
 * The Coupons tab of `/dashboard/manage/ecommerce` (C3): the site's coupons with their discount,
 * use, limits, dates and status; a new coupon, edit and delete. Writes go to `/api/coupons`,
 * then the route's loader runs again (`listCoupons` fills these props).
 */
export function CouponsPanel({ coupons, products, currency }: CouponsPanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<CouponRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<CouponRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [toast, setToast] = useState<{ message: string; id: number } | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const [now] = useState(() => Date.now());
  const day = dateFormat(lang, { dateStyle: "medium" });
  const date = (iso: string) => day.format(new Date(iso));
  const productTitle = new Map(products.map((product) => [product.id, product.title]));

  const discount = (coupon: CouponRow) =>
    coupon.discountType === "percentage"
      ? formatPercent({ percent: coupon.amount, lang })
      : formatCartMoney({ amount: minorToMajor(coupon.amount, currency), currency, lang });
  const dates = (coupon: CouponRow) => {
    if (coupon.dateStart && coupon.dateEnd)
      return `${date(coupon.dateStart)} – ${date(coupon.dateEnd)}`;
    if (coupon.dateStart) return t("ecommerce.coupons.from", { date: date(coupon.dateStart) });
    if (coupon.dateEnd) return t("ecommerce.coupons.until", { date: date(coupon.dateEnd) });
    return t("ecommerce.coupons.always");
  };
  const appliesTo = (coupon: CouponRow) =>
    coupon.productIds.length === 0
      ? t("ecommerce.coupons.allProducts")
      : coupon.productIds.map((id) => productTitle.get(id) ?? "?").join(", ");

  const done = (message: string) => {
    setToast({ message, id: Date.now() });
    void revalidator.revalidate();
  };

  async function remove(coupon: CouponRow) {
    setBusy(true);
    setFailed(false);
    try {
      await couponApi.remove(coupon.id);
      setDeleting(null);
      done(t("ecommerce.coupons.deleted"));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg" data-testid="coupons-panel">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} fz="h3">
            {t("ecommerce.coupons.title")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("ecommerce.coupons.description")}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing("new")}>
          {t("ecommerce.coupons.new")}
        </Button>
      </Group>
      {coupons.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center" data-testid="coupons-empty">
          <Stack align="center" gap="xs">
            <IconTicket size={32} aria-hidden />
            <Text fw={600}>{t("ecommerce.coupons.empty")}</Text>
            <Text c="dimmed" size="sm" maw={420}>
              {t("ecommerce.coupons.emptyText")}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("ecommerce.coupons.columns.name")}</Table.Th>
                <Table.Th>{t("ecommerce.coupons.columns.discount")}</Table.Th>
                <Table.Th>{t("ecommerce.coupons.columns.usage")}</Table.Th>
                <Table.Th>{t("ecommerce.coupons.columns.perUser")}</Table.Th>
                <Table.Th>{t("ecommerce.coupons.columns.dates")}</Table.Th>
                <Table.Th>{t("ecommerce.coupons.columns.products")}</Table.Th>
                <Table.Th>{t("ecommerce.coupons.columns.status")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("ecommerce.coupons.columns.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coupons.map((coupon) => {
                const status = statusOf(coupon, now);
                return (
                  <Table.Tr key={coupon.id} data-testid="coupon-row">
                    <Table.Td>
                      <Text fw={600} ff="monospace">
                        {coupon.name}
                      </Text>
                    </Table.Td>
                    <Table.Td style={nowrap}>{discount(coupon)}</Table.Td>
                    <Table.Td style={nowrap}>
                      {coupon.usageLimit > 0
                        ? t("ecommerce.coupons.usageOf", {
                            count: coupon.usageCount,
                            limit: coupon.usageLimit,
                          })
                        : t("ecommerce.coupons.usageUnlimited", { count: coupon.usageCount })}
                    </Table.Td>
                    <Table.Td>
                      {coupon.perUserLimit > 0
                        ? coupon.perUserLimit
                        : t("ecommerce.coupons.noLimit")}
                    </Table.Td>
                    <Table.Td style={nowrap}>{dates(coupon)}</Table.Td>
                    <Table.Td maw={200}>
                      <Text size="sm" lineClamp={2}>
                        {appliesTo(coupon)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={statusColor[status]}>
                        {t(`ecommerce.coupons.status.${status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t("ecommerce.coupons.edit", { name: coupon.name })}
                          onClick={() => setEditing(coupon)}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("ecommerce.coupons.delete", { name: coupon.name })}
                          onClick={() => {
                            setFailed(false);
                            setDeleting(coupon);
                          }}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing ? (
        <CouponEditor
          key={editing === "new" ? "new" : editing.id}
          coupon={editing === "new" ? null : editing}
          products={products}
          currency={currency}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            done(t("ecommerce.coupons.saved"));
          }}
        />
      ) : null}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("ecommerce.coupons.deleteTitle", { name: deleting?.name ?? "" })}
        closeButtonProps={{ "aria-label": t("ecommerce.coupons.close") }}
      >
        <Stack>
          <Text size="sm">{t("ecommerce.coupons.deleteText")}</Text>
          {failed ? (
            <Text size="sm" c="red" role="alert">
              {t("ecommerce.coupons.errors.failed")}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t("ecommerce.coupons.editor.cancel")}
            </Button>
            <Button color="red" loading={busy} onClick={() => deleting && void remove(deleting)}>
              {t("ecommerce.coupons.deleteConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {toast ? (
        <SavedToast
          key={toast.id}
          message={toast.message}
          onClose={closeToast}
          closeLabel={t("ecommerce.coupons.close")}
          testId="coupons-toast"
        />
      ) : null}
    </Stack>
  );
}
