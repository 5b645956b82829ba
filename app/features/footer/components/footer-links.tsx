import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { newKey, type LinkDraft } from "../footer-draft";
import classes from "./footer-editor.module.css";
import { RowControls } from "../../../ui/settings/row-controls";

/**
 * A list of links (label and address) to add to, reorder and remove: a links column's content
 * and the footer's bottom links. `path` is where the schema reports its rows' issues.
 */
export function FooterLinks({
  links,
  onChange,
  path,
  errorAt,
  title,
  testId,
}: {
  links: LinkDraft[];
  onChange: (links: LinkDraft[]) => void;
  path: string;
  errorAt: (path: string) => string | undefined;
  title: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const c = (key: string, options?: Record<string, unknown>) =>
    t(`siteSettings.common.${key}`, options);
  const update = (index: number, patch: Partial<LinkDraft>) =>
    onChange(links.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  return (
    <Stack gap="xs" data-testid={testId}>
      <div>
        <Text size="sm" fw="var(--mantine-font-weight-medium)">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {c("linkHelp")}
        </Text>
      </div>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          {c("noLinks")}
        </Text>
      ) : null}
      {links.map((link, index) => {
        const item = link.label.trim() || c("linkNumber", { number: index + 1 });
        return (
          <Group
            key={link.key}
            gap="xs"
            align="flex-end"
            wrap="wrap"
            className={classes.row}
            data-testid="link-row"
          >
            <TextInput
              label={c("linkLabel")}
              value={link.label}
              onChange={(event) => update(index, { label: event.currentTarget.value })}
              error={errorAt(`${path}.${index}.label`)}
              style={{ flex: "1 1 140px" }}
            />
            <TextInput
              label={c("linkUrl")}
              placeholder="/course"
              value={link.url}
              onChange={(event) => update(index, { url: event.currentTarget.value })}
              error={errorAt(`${path}.${index}.url`)}
              style={{ flex: "2 1 180px" }}
            />
            <RowControls list={links} index={index} item={item} onChange={onChange} pushEnd />
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange([...links, { key: newKey("link"), label: "", url: "" }])}
        >
          {c("addLink")}
        </Button>
      </Group>
    </Stack>
  );
}
