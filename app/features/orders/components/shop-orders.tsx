import {
  Anchor,
  Button,
  Group,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { IconDownload, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { orderProviders, orderStatuses } from "../order-shapes";
import type { Paged, ShopOrderRow, ShopScreen } from "../order-views";
import { ManualOrderForm } from "./manual-order-form";
import { OrderDrawer } from "./order-drawer";
import { useShopScope } from "./shop-scope";
import { moneyIn, OrderStatusBadge } from "./order-format";
import { dateIn } from "~/platform/i18n/formats";
import { Pager, SearchBox } from "./list-controls";
import { useQueryChange } from "~/ui/use-query-change";

/** The shop's orders: search, filters, 25 a page, a row's drawer, CSV and a manual order. */
export function ShopOrders({
  screen,
  orders,
  lang,
}: {
  screen: ShopScreen;
  orders: Paged<ShopOrderRow>;
  lang: string;
}) {
  const { t } = useTranslation();
  const change = useQueryChange();
  const { query } = screen;
  const money = moneyIn(lang);
  const date = dateIn(lang, true);
  const [recording, setRecording] = useState(false);
  const scope = useShopScope();
  const filters = {
    ...(query.q ? { q: query.q } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.provider ? { provider: query.provider } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  };
  const filtered = Object.keys(filters).length > 0;
  const s = (key: string, values?: Record<string, unknown>) =>
    t(`ordersDashboard.shop.${key}`, values ?? {});

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SearchBox key={query.q} value={query.q} label={s("search")} />
        <Group gap="sm">
          {scope.csvPath && (
            <Button
              component="a"
              href={`${scope.csvPath}?${new URLSearchParams(filters)}`}
              download
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {s("exportCsv")}
            </Button>
          )}
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRecording(true)}
          >
            {s("recordManual")}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" maw={760}>
        <Select
          label={s("status")}
          placeholder={s("anyStatus")}
          data={orderStatuses.map((value) => ({
            value,
            label: t(`ordersDashboard.status.${value}`),
          }))}
          value={query.status}
          onChange={(value) => change({ status: value, page: null, order: null })}
          clearable
        />
        <Select
          label={s("provider")}
          placeholder={s("anyProvider")}
          data={orderProviders.map((value) => ({
            value,
            label: t(`ordersDashboard.provider.${value}`),
          }))}
          value={query.provider}
          onChange={(value) => change({ provider: value, page: null, order: null })}
          clearable
        />
        <TextInput
          type="date"
          label={s("from")}
          value={query.from ?? ""}
          onChange={(event) => change({ from: event.currentTarget.value, page: null, order: null })}
        />
        <TextInput
          type="date"
          label={s("to")}
          value={query.to ?? ""}
          onChange={(event) => change({ to: event.currentTarget.value, page: null, order: null })}
        />
      </SimpleGrid>
      {filtered ? (
        <Button
          variant="subtle"
          w="fit-content"
          onClick={() =>
            change({
              q: null,
              status: null,
              provider: null,
              from: null,
              to: null,
              page: null,
              order: null,
            })
          }
        >
          {s("clear")}
        </Button>
      ) : null}
      {orders.rows.length === 0 ? (
        <Text c="dimmed" data-testid="orders-empty">
          {s("empty")}
        </Text>
      ) : (
        <ScrollArea
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, role: "region", "aria-label": s("caption") }}
        >
          <Table striped highlightOnHover withTableBorder miw={760} data-testid="orders-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{s("number")}</Table.Th>
                <Table.Th scope="col">{s("date")}</Table.Th>
                <Table.Th scope="col">{s("customer")}</Table.Th>
                <Table.Th scope="col">{s("items")}</Table.Th>
                <Table.Th scope="col">{s("provider")}</Table.Th>
                <Table.Th scope="col">{s("status")}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {s("amount")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  data-testid="order-row"
                  style={{ cursor: "pointer" }}
                  onClick={() => change({ order: row.id })}
                >
                  <Table.Th scope="row">
                    <Anchor
                      component="button"
                      type="button"
                      fw={700}
                      size="sm"
                      aria-label={s("open", { number: row.number })}
                      onClick={(event) => {
                        event.stopPropagation();
                        change({ order: row.id });
                      }}
                    >
                      #{row.number}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{date(row.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.name ?? row.email}</Text>
                    {row.name ? (
                      <Text size="xs" c="dimmed">
                        {row.email}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{row.items}</Table.Td>
                  <Table.Td>{t(`ordersDashboard.provider.${row.provider}`)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: "nowrap" }}>
                    {money(row.total, row.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Pager paged={orders} totalKey="ordersDashboard.shop.total" />
      <OrderDrawer
        key={screen.detail?.id ?? "closed"}
        detail={screen.detail}
        lang={lang}
        onClose={() => change({ order: null })}
      />
      <ManualOrderForm
        opened={recording}
        onClose={() => setRecording(false)}
        products={screen.products}
      />
    </Stack>
  );
}
