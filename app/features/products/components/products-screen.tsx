import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconExternalLink, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import type { ProductRowView } from "../product-editor.server";
import { productStatuses, type ProductStatus } from "../product-shapes";
import { useMoney } from "./offer-price";

export type EcommerceTab = "products" | "coupons" | "payments";

export type ProductList = {
  rows: ProductRowView[];
  total: number;
  page: number;
  pageSize: number;
  query: { q: string; status: ProductStatus | null };
};

const statusColour: Record<ProductStatus, string> = {
  draft: "gray",
  published: "green",
  archived: "orange",
};

export const productEditorPath = (id: string) => `/dashboard/manage/ecommerce/product/${id}`;

/** Issue 16 `/dashboard/manage/ecommerce`: the shop's tabs, Products, Coupons and Payments. */
export function EcommerceScreen({
  tab,
  list,
  coupons,
  payments,
}: {
  tab: EcommerceTab;
  list: ProductList;
  /** The coupons feature's panel (its own loader data). */
  coupons: ReactNode;
  /** The payments feature's panel. */
  payments: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {t("ecommerce.title")}
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/dashboard/manage/ecommerce/memberships" variant="default">
            {t("ecommerce.memberships")}
          </Button>
          <Button
            component={Link}
            to={productEditorPath("new")}
            leftSection={<IconPlus size={16} aria-hidden />}
            data-testid="new-product"
          >
            {t("products.list.new")}
          </Button>
        </Group>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate(value && value !== "products" ? `?tab=${value}` : "?", {
            preventScrollReset: true,
          })
        }
      >
        <Tabs.List>
          <Tabs.Tab value="products">{t("ecommerce.tabs.products")}</Tabs.Tab>
          <Tabs.Tab value="coupons">{t("ecommerce.tabs.coupons")}</Tabs.Tab>
          <Tabs.Tab value="payments">{t("ecommerce.tabs.payments")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products" pt="md">
          {tab === "products" ? <ProductsPanel list={list} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="coupons" pt="md">
          {tab === "coupons" ? coupons : null}
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          {tab === "payments" ? payments : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The products tab: search by title or address, filter by status, a page at a time. */
function ProductsPanel({ list }: { list: ProductList }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(list.query.q);
  const money = useMoney();
  const fetcher = useFetcher();
  const apply = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value) next.set(key, value);
      else next.delete(key);
    next.delete("page");
    setParams(next, { preventScrollReset: true });
  };
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            apply({ q: q.trim() || null });
          }}
          style={{ flex: 1, minWidth: 220 }}
        >
          <TextInput
            label={t("products.list.search")}
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            data-testid="product-search"
          />
        </form>
        <Select
          label={t("products.list.status")}
          value={list.query.status ?? "all"}
          onChange={(value) => apply({ status: value && value !== "all" ? value : null })}
          data={[
            { value: "all", label: t("products.list.allStatuses") },
            ...productStatuses.map((status) => ({
              value: status,
              label: t(`products.statuses.${status}`),
            })),
          ]}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {list.rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="sm">
            <Text c="dimmed">
              {list.query.q || list.query.status
                ? t("products.list.none")
                : t("products.list.empty")}
            </Text>
            <Button component={Link} to={productEditorPath("new")} variant="light">
              {t("products.list.new")}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" striped highlightOnHover data-testid="products-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("products.list.product")}</Table.Th>
                <Table.Th>{t("products.list.kind")}</Table.Th>
                <Table.Th>{t("products.list.status")}</Table.Th>
                <Table.Th>{t("products.list.prices")}</Table.Th>
                <Table.Th>{t("products.list.updated")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("products.list.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((row) => (
                <Table.Tr key={row.id} data-testid="product-row">
                  <Table.Td>
                    <Anchor component={Link} to={productEditorPath(row.id)} fw={600}>
                      {row.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      /product/{row.slug}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`products.kinds.${row.kind}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColour[row.status]} variant="light">
                      {t(`products.statuses.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.prices.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t("products.list.noPrice")}
                      </Text>
                    ) : (
                      <Text size="sm">
                        {row.prices.map((price) => money(price.amount, price.currency)).join(" · ")}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{date.format(new Date(row.updatedAt))}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {row.status === "published" ? (
                        <Tooltip label={t("products.list.viewOnSite")}>
                          <ActionIcon
                            component="a"
                            href={`/product/${row.slug}`}
                            variant="subtle"
                            aria-label={`${t("products.list.viewOnSite")}: ${row.title}`}
                          >
                            <IconExternalLink size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                      <Tooltip label={t("products.list.delete")}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${t("products.list.delete")}: ${row.title}`}
                          loading={fetcher.state !== "idle"}
                          onClick={() => {
                            if (
                              !window.confirm(
                                t("products.list.deleteConfirm", { title: row.title }),
                              )
                            )
                              return;
                            void fetcher.submit(
                              { intent: "delete", id: row.id },
                              { method: "post", encType: "application/json" },
                            );
                          }}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.total > list.pageSize ? (
        <Pagination
          total={Math.ceil(list.total / list.pageSize)}
          value={list.page}
          onChange={(page) => {
            const next = new URLSearchParams(params);
            next.set("page", String(page));
            setParams(next);
          }}
        />
      ) : null}
    </Stack>
  );
}
