import {
  Badge,
  Button,
  CloseButton,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MenuItem } from "../menus-option";
import { menuHref } from "~/ui/site-links";
import type { MenuKind } from "../menu-validation";
import settingsClasses from "~/ui/settings/settings.module.css";

type MegaMenu = NonNullable<MenuItem["mega_menu"]>;
type ItemType = NonNullable<MenuItem["item_type"]>;

export const MAX_MEGA_COLUMNS = 12;
const newMegaMenu = (): MegaMenu => ({ columnCount: 2, columns: [{ content: "", colSpan: 1 }] });
const span = (value: number | string) => (typeof value === "number" ? value : NaN);

/** Where a menu address leads, in words: a page of this site or another site (new tab). */
function UrlHint({ url }: { url: string | undefined }) {
  const { t } = useTranslation();
  if (!url?.trim()) return null;
  const { href, external } = menuHref(url.trim());
  return (
    <Group gap={6} mt={4} wrap="nowrap" data-testid="menu-url-kind">
      <Badge size="sm" variant="light" color={external ? "grape" : "blue"}>
        {t(external ? "siteSettings.menu.external" : "siteSettings.menu.internal")}
      </Badge>
      <Text size="xs" c="dimmed" truncate>
        {external ? t("siteSettings.menu.externalHelp") : href}
      </Text>
    </Group>
  );
}

function MegaMenuFields({
  mega,
  problems,
  onChange,
}: {
  mega: MegaMenu;
  problems: Record<string, string> | undefined;
  onChange: (mega: MegaMenu) => void;
}) {
  const { t } = useTranslation();
  const problem = (field: string) =>
    problems?.[field] ? t(`siteSettings.menu.errors.${problems[field]}`) : undefined;
  const setColumn = (index: number, change: Partial<MegaMenu["columns"][number]>) =>
    onChange({
      ...mega,
      columns: mega.columns.map((column, i) => (i === index ? { ...column, ...change } : column)),
    });
  return (
    <Stack gap="sm" data-testid="megamenu-fields">
      <NumberInput
        label={t("siteSettings.menu.columnCount")}
        description={t("siteSettings.menu.columnCountHelp")}
        value={Number.isNaN(mega.columnCount) ? "" : mega.columnCount}
        onChange={(value) => onChange({ ...mega, columnCount: span(value) })}
        error={problem("columnCount")}
        min={1}
        max={6}
        allowDecimal={false}
        clampBehavior="none"
        maw={220}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        {mega.columns.map((column, index) => {
          const n = index + 1;
          return (
            <Paper key={index} withBorder radius="sm" p="sm" data-testid="megamenu-column">
              <Group justify="space-between" mb={4}>
                <Text size="sm" fw={600}>
                  {t("siteSettings.menu.column", { n })}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t("siteSettings.menu.removeColumn", { n })}
                  onClick={() =>
                    onChange({ ...mega, columns: mega.columns.filter((_, i) => i !== index) })
                  }
                />
              </Group>
              <Textarea
                label={t("siteSettings.menu.columnContent", { n })}
                description={t("siteSettings.menu.columnContentHelp")}
                autosize
                minRows={2}
                maxRows={8}
                value={column.content}
                error={problem(`columns.${index}.content`)}
                onChange={(event) => setColumn(index, { content: event.currentTarget.value })}
              />
              <SimpleGrid cols={2} mt="xs" maw={360}>
                {(["colSpan", "rowSpan"] as const).map((field) => (
                  <NumberInput
                    key={field}
                    label={t(`siteSettings.menu.${field}`, { n })}
                    value={Number.isNaN(column[field]) ? "" : (column[field] ?? 1)}
                    onChange={(value) => setColumn(index, { [field]: span(value) })}
                    error={problem(`columns.${index}.${field}`)}
                    min={1}
                    max={6}
                    allowDecimal={false}
                    clampBehavior="none"
                  />
                ))}
              </SimpleGrid>
            </Paper>
          );
        })}
      </SimpleGrid>
      {problem("columns") ? (
        <Text size="sm" className={settingsClasses.status} data-state="invalid" role="alert">
          {problem("columns")}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          size="xs"
          disabled={mega.columns.length >= MAX_MEGA_COLUMNS}
          onClick={() =>
            onChange({ ...mega, columns: [...mega.columns, { content: "", colSpan: 1 }] })
          }
        >
          {t("siteSettings.menu.addColumn")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The fields of one menu item: label, type, address and, for a megamenu, its columns. */
export function MenuItemFields({
  item,
  kind,
  depth,
  problems,
  onChange,
}: {
  item: MenuItem;
  kind: MenuKind;
  depth: number;
  problems: Record<string, string> | undefined;
  onChange: (item: MenuItem) => void;
}) {
  const { t } = useTranslation();
  const type: ItemType = item.item_type ?? "link";
  const problem = (field: string) =>
    problems?.[field] ? t(`siteSettings.menu.errors.${problems[field]}`) : undefined;
  // A megamenu opens from the header's top level and shows columns instead of sub-items.
  const megaAllowed = kind === "header" && depth === 0 && !item.children?.length;
  const types: ItemType[] = kind === "header" ? ["link", "megamenu", "label"] : ["link", "label"];

  function setType(next: ItemType) {
    onChange({
      ...item,
      item_type: next,
      mega_menu: next === "megamenu" ? (item.mega_menu ?? newMegaMenu()) : item.mega_menu,
    });
  }

  return (
    <Stack gap="sm" pt="sm">
      <TextInput
        id={`menu-label-${item.id}`}
        label={t("siteSettings.menu.label")}
        withAsterisk
        value={item.label}
        maxLength={120}
        error={problem("label")}
        onChange={(event) => onChange({ ...item, label: event.currentTarget.value })}
      />
      <Radio.Group
        label={t("siteSettings.menu.type")}
        value={type}
        onChange={(next) => setType(next as ItemType)}
        description={
          kind === "header" && !megaAllowed && type !== "megamenu"
            ? t(
                item.children?.length
                  ? "siteSettings.menu.megaNoChildren"
                  : "siteSettings.menu.megaTopLevel",
              )
            : undefined
        }
      >
        <Group gap="lg" mt={6}>
          {types.map((option) => (
            <Radio
              key={option}
              value={option}
              label={t(`siteSettings.menu.types.${option}`)}
              disabled={option === "megamenu" && !megaAllowed && type !== "megamenu"}
            />
          ))}
        </Group>
      </Radio.Group>
      {type === "megamenu" && !megaAllowed ? (
        <Text size="sm" className={settingsClasses.warning} role="note">
          {t(depth > 0 ? "siteSettings.menu.megaTopLevel" : "siteSettings.menu.megaNoChildren")}
        </Text>
      ) : null}
      {type !== "label" ? (
        <div>
          <TextInput
            label={t(
              type === "megamenu" ? "siteSettings.menu.urlOptional" : "siteSettings.menu.url",
            )}
            description={t("siteSettings.menu.urlHelp")}
            withAsterisk={type === "link"}
            value={item.item_url ?? ""}
            maxLength={600}
            error={problem("item_url")}
            onChange={(event) => onChange({ ...item, item_url: event.currentTarget.value })}
          />
          <UrlHint url={item.item_url} />
        </div>
      ) : (
        <Text size="xs" c="dimmed">
          {t("siteSettings.menu.labelHelp")}
        </Text>
      )}
      {type === "megamenu" ? (
        <MegaMenuFields
          mega={item.mega_menu ?? newMegaMenu()}
          problems={problems}
          onChange={(mega) => onChange({ ...item, mega_menu: mega })}
        />
      ) : null}
    </Stack>
  );
}
