import {
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { newKey, type ColumnDraft } from "../footer-draft";
import { FooterLinks } from "./footer-links";
import { RowControls } from "../../../ui/settings/row-controls";

function ColumnFields({
  column,
  index,
  onChange,
  errorAt,
}: {
  column: ColumnDraft;
  index: number;
  onChange: (patch: Partial<ColumnDraft>) => void;
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`siteSettings.footer.${key}`);
  const path = `footer_columns.${index}`;
  return (
    <Stack gap="sm">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label={f("columnTitle")}
            value={column.title}
            onChange={(event) => onChange({ title: event.currentTarget.value })}
            error={errorAt(`${path}.title`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput
            label={f("columnWidth")}
            description={f("columnWidthHelp")}
            min={1}
            max={12}
            step={1}
            allowDecimal={false}
            clampBehavior="none"
            value={column.width}
            onChange={(width) => onChange({ width })}
            error={errorAt(`${path}.width`)}
          />
        </Grid.Col>
      </Grid>
      <div>
        <Text size="sm" fw="var(--mantine-font-weight-medium)" id={`${column.key}-type`} mb={4}>
          {f("columnType")}
        </Text>
        <SegmentedControl
          aria-labelledby={`${column.key}-type`}
          name={`${column.key}-type`}
          value={column.type}
          onChange={(type) => onChange({ type: type as ColumnDraft["type"] })}
          data={[
            { value: "links", label: f("typeLinks") },
            { value: "text", label: f("typeText") },
          ]}
        />
      </div>
      {column.type === "links" ? (
        <FooterLinks
          title={f("columnLinks")}
          links={column.links}
          onChange={(links) => onChange({ links })}
          path={`${path}.data`}
          errorAt={errorAt}
        />
      ) : (
        <Textarea
          label={f("columnText")}
          autosize
          minRows={3}
          maxRows={10}
          value={column.text}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
          error={errorAt(`${path}.data`)}
        />
      )}
    </Stack>
  );
}

/**
 * The footer's columns (P13): add, reorder and remove; each has a title, a width out of the
 * 12-column grid and either links or a text.
 */
export function FooterColumns({
  columns,
  onChange,
  errorAt,
}: {
  columns: ColumnDraft[];
  onChange: (columns: ColumnDraft[]) => void;
  errorAt: (path: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const f = (key: string, options?: Record<string, unknown>) =>
    t(`siteSettings.footer.${key}`, options);
  const total = columns.reduce((sum, column) => sum + (Number(column.width) || 0), 0);
  const update = (index: number, patch: Partial<ColumnDraft>) =>
    onChange(columns.map((column, i) => (i === index ? { ...column, ...patch } : column)));
  return (
    <Stack gap="sm" data-testid="footer-columns">
      {columns.length === 0 ? (
        <Text size="sm" c="dimmed">
          {f("noColumns")}
        </Text>
      ) : null}
      {columns.map((column, index) => {
        const name = f("columnName", {
          number: index + 1,
          title: column.title.trim() || f("untitled"),
        });
        return (
          <Paper
            key={column.key}
            withBorder
            radius="md"
            p={{ base: "sm", sm: "md" }}
            role="group"
            aria-labelledby={`${column.key}-name`}
            data-testid="footer-column"
          >
            <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
              <Text fw={600} size="sm" id={`${column.key}-name`} truncate>
                {name}
              </Text>
              <RowControls list={columns} index={index} item={name} onChange={onChange} />
            </Group>
            <ColumnFields
              column={column}
              index={index}
              onChange={(patch) => update(index, patch)}
              errorAt={errorAt}
            />
          </Paper>
        );
      })}
      <Group justify="space-between" gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            onChange([
              ...columns,
              { key: newKey("column"), title: "", type: "links", width: 3, links: [], text: "" },
            ])
          }
        >
          {f("addColumn")}
        </Button>
        {columns.length > 0 ? (
          <Text size="sm" c="dimmed" data-testid="footer-width-total">
            {f("widthTotal", { total })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
