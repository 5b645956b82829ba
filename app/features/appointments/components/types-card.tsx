import {
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { slugify } from "~/platform/slugs";
import {
  bookingPagePath,
  locationKinds,
  QUESTIONS_MAX,
  type AppointmentTypeRow,
  type LocationKind,
  type SellingProduct,
} from "../appointment-shapes";
import { CommandOutcome, useJsonCommand } from "~/ui/json-command";
import { formatCartMoney, minorToMajor } from "~/features/cart/cart";

/** The price picker's value for a free type. */
const FREE = "free";

/** The host's appointment types, each opened or closed for booking, and a new one. */
export function TypesCard({
  types,
  products,
}: {
  types: AppointmentTypeRow[];
  /** The shop's products a type may be sold by (decision 078). */
  products: SellingProduct[];
}) {
  const { t, i18n } = useTranslation();
  const command = useJsonCommand();
  const toggle = useJsonCommand();
  const money = (minor: number, currency: string) =>
    formatCartMoney({ amount: minorToMajor(minor, currency), currency, lang: i18n.language });
  const [productId, setProductId] = useState<string>(FREE);
  // Free first, then each product with its first price.
  const priceChoices = [
    { value: FREE, label: t("appointments.setup.free") },
    ...products.map((product) => ({
      value: product.id,
      label: product.price
        ? `${product.title} · ${money(product.price.amount, product.price.currency)}`
        : product.title,
    })),
  ];
  const [title, setTitle] = useState("");
  const [duration, setDuration] = useState<number | string>(30);
  const [capacity, setCapacity] = useState<number | string>(1);
  const [locationKind, setLocationKind] = useState<LocationKind>("meeting");
  const [locationDetail, setLocationDetail] = useState("");
  const [questions, setQuestions] = useState("");
  const [answersRequired, setAnswersRequired] = useState(false);
  const kinds: Record<LocationKind, string> = {
    meeting: t("appointments.location.meeting"),
    phone: t("appointments.location.phone"),
    in_person: t("appointments.location.in_person"),
  };

  function create(event: FormEvent) {
    event.preventDefault();
    void command.send({
      intent: "createType",
      title,
      slug: slugify(title, 60) || "session",
      durationMinutes: Number(duration),
      capacity: Number(capacity),
      locationKind,
      locationDetail,
      // One question per line; at most QUESTIONS_MAX (the server refuses more).
      questions: questions
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean)
        .map((label) => ({ label, required: answersRequired })),
      productId: productId === FREE ? null : productId,
    });
  }

  return (
    <Card withBorder padding="lg" data-testid="appointments-types">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("appointments.setup.types")}
        </Title>
        {types.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("appointments.setup.noTypes")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("appointments.setup.typeTitle")}</Table.Th>
                  <Table.Th>{t("appointments.setup.duration")}</Table.Th>
                  <Table.Th>{t("appointments.setup.capacity")}</Table.Th>
                  <Table.Th>{t("appointments.setup.location")}</Table.Th>
                  <Table.Th>{t("appointments.setup.price")}</Table.Th>
                  <Table.Th>{t("appointments.setup.open")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.map((type) => (
                  <Table.Tr key={type.id} data-testid="appointment-type">
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {type.title}
                      </Text>
                      {type.active ? (
                        <Anchor href={bookingPagePath(type.slug)} size="xs">
                          {t("appointments.setup.bookingPage")}
                        </Anchor>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {t("appointments.setup.minutes", { minutes: type.durationMinutes })}
                    </Table.Td>
                    <Table.Td>{type.capacity}</Table.Td>
                    <Table.Td>{kinds[type.locationKind]}</Table.Td>
                    <Table.Td>
                      <Select
                        size="xs"
                        miw={210}
                        data={priceChoices}
                        value={type.productId ?? FREE}
                        allowDeselect={false}
                        aria-label={t("appointments.setup.priceOf", { title: type.title })}
                        onChange={(value) =>
                          void toggle.send({
                            intent: "setTypeProduct",
                            typeId: type.id,
                            productId: !value || value === FREE ? null : value,
                          })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={type.active}
                        aria-label={t("appointments.setup.openFor", { title: type.title })}
                        onChange={(event) =>
                          void toggle.send({
                            intent: "setTypeActive",
                            typeId: type.id,
                            active: event.currentTarget.checked,
                          })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {toggle.answer && !toggle.answer.ok ? (
          <CommandOutcome answer={toggle.answer} saved="" />
        ) : null}
        <form onSubmit={create} noValidate data-testid="appointments-new-type">
          <Stack gap="sm">
            <Text fw={500} size="sm">
              {t("appointments.setup.newType")}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              <TextInput
                label={t("appointments.setup.typeTitle")}
                value={title}
                onChange={(event) => setTitle(event.currentTarget.value)}
                maxLength={120}
                required
              />
              <NumberInput
                label={t("appointments.setup.durationMinutes")}
                min={5}
                max={480}
                step={5}
                value={duration}
                onChange={setDuration}
              />
              <NumberInput
                label={t("appointments.setup.capacity")}
                description={t("appointments.setup.capacityHelp")}
                min={1}
                max={500}
                value={capacity}
                onChange={setCapacity}
              />
              <Select
                label={t("appointments.setup.location")}
                data={locationKinds.map((kind) => ({ value: kind, label: kinds[kind] }))}
                value={locationKind}
                onChange={(value) => value && setLocationKind(value as LocationKind)}
                allowDeselect={false}
              />
              <Select
                label={t("appointments.setup.price")}
                description={t("appointments.setup.priceHelp")}
                data={priceChoices}
                value={productId}
                onChange={(value) => setProductId(value ?? FREE)}
                allowDeselect={false}
                data-testid="appointments-type-price"
              />
              {locationKind === "meeting" ? null : (
                <TextInput
                  label={t("appointments.setup.locationDetail")}
                  value={locationDetail}
                  onChange={(event) => setLocationDetail(event.currentTarget.value)}
                  maxLength={300}
                />
              )}
            </SimpleGrid>
            <Textarea
              label={t("appointments.setup.questions")}
              description={t("appointments.setup.questionsHelp", { count: QUESTIONS_MAX })}
              value={questions}
              onChange={(event) => setQuestions(event.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={6}
            />
            <Switch
              label={t("appointments.setup.answersRequired")}
              checked={answersRequired}
              onChange={(event) => setAnswersRequired(event.currentTarget.checked)}
            />
            <CommandOutcome answer={command.answer} saved={t("appointments.setup.typeSaved")} />
            <Group justify="flex-end">
              <Button type="submit" loading={command.busy} disabled={!title.trim()}>
                {t("appointments.setup.createType")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
