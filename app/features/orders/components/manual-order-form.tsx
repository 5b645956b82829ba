import { Alert, Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useShopScope } from "./shop-scope";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useRevalidator } from "react-router";
import { errorCatalogue, type ErrorCode } from "~/platform/errors";

/**
 * A sale made elsewhere (cash, an invoice), recorded for a member: `POST /api/orders`
 * {userEmail, productIds}. The order is paid at once and gives access like any other.
 */
export function ManualOrderForm({
  opened,
  onClose,
  products,
}: {
  opened: boolean;
  onClose: () => void;
  products: { id: string; title: string }[];
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [email, setEmail] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const scope = useShopScope();
  const [problem, setProblem] = useState<string | null>(null);
  const m = (key: string) => t(`ordersDashboard.manual.${key}`);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const response = await fetch(scope.api("/api/orders"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ userEmail: email.trim(), productIds: chosen }),
    }).catch(() => null);
    setBusy(false);
    if (response?.ok) {
      setEmail("");
      setChosen([]);
      onClose();
      await revalidator.revalidate();
      return;
    }
    const body = (await response?.json().catch(() => null)) as { error?: { code?: string } } | null;
    const code = body?.error?.code as ErrorCode | undefined;
    setProblem(
      code === "order.notFound"
        ? m("unknownMember")
        : t(code && code in errorCatalogue ? errorCatalogue[code].key : "errors.internal"),
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={m("title")}
      centered
      closeButtonProps={{ "aria-label": m("close") }}
    >
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {m("help")}
          </Text>
          <TextInput
            type="email"
            label={m("email")}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            required
            autoComplete="off"
          />
          {products.length === 0 ? (
            <Text size="sm">{m("noProducts")}</Text>
          ) : (
            <MultiSelect
              label={m("products")}
              data={products.map((product) => ({ value: product.id, label: product.title }))}
              value={chosen}
              onChange={setChosen}
              searchable
              required
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {m("close")}
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={chosen.length === 0 || email.trim() === ""}
            >
              {m("submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
