import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Image,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconPlus } from "@tabler/icons-react";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { ContentEditor, slugify } from "~/features/content/content";
import { MediaPicker } from "~/features/media/media";
import type { ProductEditorData, ProductSaveAnswer } from "../product-editor.server";
import {
  grantTargets,
  productKinds,
  productStatuses,
  productVisibilities,
  type GrantTarget,
  type ProductKind,
} from "../product-shapes";
import type { ProductInput } from "../validation";
import { newPrice, PriceFields, type EditedPrice } from "./price-fields";
import { productEditorPath } from "./products-screen";

/** Which grant targets each kind takes (the server checks the same). */
const kindTargets: Record<ProductKind, readonly GrantTarget[]> = {
  course: ["course"],
  membership: ["membership"],
  download: ["download"],
  // A live session gives nothing to keep: its appointment type is booked with it (decision 078).
  session: [],
  bundle: grantTargets,
};

type Fields = Omit<ProductInput, "prices">;

/** Where a refusal's field points: a product field, or one price's field. */
function problemOf(answer: ProductSaveAnswer | undefined) {
  if (!answer || answer.ok) return null;
  const field = answer.field ?? "";
  const price = /^prices\.(\d+)\.?(\w*)/.exec(field);
  const known = [
    "products.slugTaken",
    "products.currency",
    "products.grantKind",
    "products.noPrice",
    "products.noGrant",
  ];
  const key = known.includes(answer.code)
    ? `products.errors.${answer.code.split(".")[1]}`
    : "products.errors.invalid";
  return {
    key,
    field: price ? null : (field.split(".")[0] ?? null),
    price: price ? { index: Number(price[1]), field: price[2] ?? "" } : null,
  };
}

/** Issue 16: a product's editor (managers): fields, description, image, prices and what it grants. */
export function ProductEditor({ data }: { data: ProductEditorData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const fetcher = useFetcher<ProductSaveAnswer>();
  // A new product's first save reopens the editor at its own address, saying so.
  const justCreated =
    Boolean((location.state as { saved?: boolean } | null)?.saved) && !fetcher.data;
  const existing = data.product;
  const [fields, setFields] = useState<Fields>(() => ({
    title: existing?.title ?? "",
    slug: existing?.slug ?? "",
    description: existing?.description ?? "",
    image: existing?.image ?? null,
    kind: existing?.kind ?? "course",
    status: existing?.status ?? "draft",
    visibility: existing?.visibility ?? "public",
    grants: existing?.grants ?? [],
  }));
  const [slugEdited, setSlugEdited] = useState(Boolean(existing));
  const [prices, setPrices] = useState<EditedPrice[]>(() =>
    existing
      ? existing.prices.map((price) => ({ ...price, key: price.id }))
      : [newPrice(data.currency)],
  );
  const [picking, setPicking] = useState(false);
  const set = (patch: Partial<Fields>) => setFields((current) => ({ ...current, ...patch }));
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const problem = problemOf(answer);

  // A new product's first save opens its own address, so later saves change it.
  useEffect(() => {
    if (answer?.ok && !existing)
      void navigate(productEditorPath(answer.id), { replace: true, state: { saved: true } });
  }, [answer, existing, navigate]);

  const save = () => {
    const slug = fields.slug || slugify(fields.title);
    if (!slugEdited) set({ slug });
    const product: ProductInput = {
      ...fields,
      slug,
      prices: prices.map(({ key: _key, ...price }) => price),
    };
    void fetcher.submit(
      { intent: "save", id: existing?.id ?? null, product },
      { method: "post", encType: "application/json" },
    );
  };
  const grantIds = (target: GrantTarget) =>
    fields.grants.filter((grant) => grant.target === target).map((grant) => grant.targetId);
  const setGrantIds = (target: GrantTarget, ids: string[]) =>
    set({
      grants: [
        ...fields.grants.filter((grant) => grant.target !== target),
        ...ids.map((targetId) => ({ target, targetId })),
      ],
    });
  const fieldError = (name: string) => (problem?.field === name ? t(problem.key) : undefined);

  return (
    <Stack gap="md" data-testid="product-editor">
      <Anchor component={Link} to="/dashboard/manage/ecommerce" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t("products.editor.back")}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {existing ? t("products.editor.editTitle") : t("products.editor.newTitle")}
        </Title>
        <Group gap="xs">
          {existing && existing.status === "published" ? (
            <Button component="a" href={`/product/${existing.slug}`} variant="default">
              {t("products.list.viewOnSite")}
            </Button>
          ) : null}
          <Button onClick={save} loading={fetcher.state !== "idle"} data-testid="save-product">
            {t("products.editor.save")}
          </Button>
        </Group>
      </Group>
      <div role="status" aria-live="polite">
        {answer?.ok || justCreated ? (
          <Alert color="green" variant="light" data-testid="product-saved">
            {t("products.editor.saved")}
          </Alert>
        ) : problem ? (
          <Alert color="red" variant="light" data-testid="product-problem">
            {t(problem.key)}
          </Alert>
        ) : null}
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <TextInput
                  label={t("products.editor.title")}
                  required
                  value={fields.title}
                  onChange={(event) => {
                    const title = event.currentTarget.value;
                    set(slugEdited ? { title } : { title, slug: slugify(title) });
                  }}
                  error={fieldError("title")}
                  data-testid="product-title"
                />
                <TextInput
                  label={t("products.editor.slug")}
                  description={`/product/${fields.slug || slugify(fields.title)}`}
                  value={fields.slug}
                  onChange={(event) => {
                    setSlugEdited(true);
                    set({ slug: event.currentTarget.value.toLowerCase() });
                  }}
                  error={fieldError("slug")}
                />
                <ContentEditor
                  label={t("products.editor.description")}
                  value={fields.description}
                  onChange={(description) => set({ description })}
                />
              </Stack>
            </Paper>
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} fz="h4">
                  {t("products.editor.prices")}
                </Title>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() =>
                    setPrices((current) => [
                      ...current,
                      newPrice(current[0]?.currency ?? data.currency),
                    ])
                  }
                  data-testid="add-price"
                >
                  {t("products.editor.addPrice")}
                </Button>
              </Group>
              {fieldError("prices") ? (
                <Text c="red" size="sm">
                  {fieldError("prices")}
                </Text>
              ) : null}
              {prices.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t("products.editor.noPrices")}
                </Text>
              ) : null}
              {prices.map((price, index) => (
                <PriceFields
                  key={price.key}
                  price={price}
                  index={index}
                  currencies={data.currencies}
                  problem={
                    problem?.price?.index === index
                      ? { field: problem.price.field, message: t(problem.key) }
                      : null
                  }
                  onChange={(next) =>
                    setPrices((current) =>
                      current.map((row) => (row.key === next.key ? next : row)),
                    )
                  }
                  onRemove={() =>
                    setPrices((current) => current.filter((row) => row.key !== price.key))
                  }
                />
              ))}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Select
                  label={t("products.editor.kind")}
                  value={fields.kind}
                  onChange={(value) => {
                    if (!value) return;
                    const kind = value as ProductKind;
                    set({
                      kind,
                      grants: fields.grants.filter((grant) =>
                        kindTargets[kind].includes(grant.target),
                      ),
                    });
                  }}
                  data={productKinds.map((kind) => ({
                    value: kind,
                    label: t(`products.kinds.${kind}`),
                  }))}
                  allowDeselect={false}
                  data-testid="product-kind"
                />
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="product-status-label">
                    {t("products.editor.status")}
                  </Text>
                  <SegmentedControl
                    value={fields.status}
                    onChange={(value) => set({ status: value as Fields["status"] })}
                    data={productStatuses.map((status) => ({
                      value: status,
                      label: t(`products.statuses.${status}`),
                    }))}
                    aria-labelledby="product-status-label"
                    data-testid="product-status"
                  />
                </Stack>
                <Select
                  label={t("products.editor.visibility")}
                  description={t(`products.editor.visibilityHelp.${fields.visibility}`)}
                  value={fields.visibility}
                  onChange={(value) => value && set({ visibility: value as Fields["visibility"] })}
                  data={productVisibilities.map((visibility) => ({
                    value: visibility,
                    label: t(`products.editor.visibilities.${visibility}`),
                  }))}
                  allowDeselect={false}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {t("products.editor.grants")}
                </Title>
                {fieldError("grants") ? (
                  <Text c="red" size="sm">
                    {fieldError("grants")}
                  </Text>
                ) : null}
                {kindTargets[fields.kind].map((target) => (
                  <MultiSelect
                    key={target}
                    label={t(`products.editor.grantLabels.${target}`)}
                    data={data.options[target].map((row) => ({ value: row.id, label: row.title }))}
                    value={grantIds(target)}
                    onChange={(ids) => setGrantIds(target, ids)}
                    searchable
                    nothingFoundMessage={t("products.editor.nothingFound")}
                    data-testid={`grant-${target}`}
                  />
                ))}
              </Stack>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Text size="sm" fw={500}>
                  {t("products.editor.image")}
                </Text>
                {fields.image ? <Image src={fields.image} alt="" radius="sm" /> : null}
                <Group gap="xs">
                  <Button variant="default" size="xs" onClick={() => setPicking(true)}>
                    {fields.image
                      ? t("products.editor.changeImage")
                      : t("products.editor.chooseImage")}
                  </Button>
                  {fields.image ? (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => set({ image: null })}
                    >
                      {t("products.editor.removeImage")}
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            opened
            kind="image"
            scope="all"
            onClose={() => setPicking(false)}
            onPick={(item) => set({ image: item.url })}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
