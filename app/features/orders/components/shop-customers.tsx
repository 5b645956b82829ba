import { ScrollArea, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CustomerRow, Paged, ShopQuery } from "../order-views";
import { moneyIn } from "./order-format";
import { dateIn } from "~/platform/i18n/formats";
import { Pager, SearchBox } from "./list-controls";

/** People who ordered: how many orders, what their paid orders came to, their last order. */
export function ShopCustomers({
  query,
  customers,
  lang,
}: {
  query: ShopQuery;
  customers: Paged<CustomerRow>;
  lang: string;
}) {
  const { t } = useTranslation();
  const money = moneyIn(lang);
  const date = dateIn(lang);
  const c = (key: string) => t(`ordersDashboard.customers.${key}`);
  return (
    <Stack gap="md">
      <SearchBox key={query.q} value={query.q} label={c("search")} />
      {customers.rows.length === 0 ? (
        <Text c="dimmed">{c("empty")}</Text>
      ) : (
        <ScrollArea
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, role: "region", "aria-label": c("caption") }}
        >
          <Table striped withTableBorder miw={600} data-testid="customers-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{c("customer")}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {c("orders")}
                </Table.Th>
                <Table.Th scope="col" ta="end">
                  {c("spent")}
                </Table.Th>
                <Table.Th scope="col">{c("lastOrder")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {customers.rows.map((row) => (
                <Table.Tr key={row.userId} data-testid="customer-row">
                  <Table.Th scope="row" fw={500}>
                    <Text size="sm" fw={600}>
                      {row.name ?? row.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.email}
                    </Text>
                  </Table.Th>
                  <Table.Td ta="end">{row.orders}</Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: "nowrap" }}>
                    {row.spent.length === 0
                      ? "—"
                      : row.spent.map((sum) => money(sum.amount, sum.currency)).join(" · ")}
                  </Table.Td>
                  <Table.Td>{date(row.lastOrderAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Pager paged={customers} totalKey="ordersDashboard.customers.total" />
    </Stack>
  );
}
