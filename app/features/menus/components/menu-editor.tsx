import { Alert, Badge, Box, Button, Group, Stack, Tabs, Text } from "@mantine/core";
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useSettingsSave } from "~/features/options/options";
import { menusPart, type MenuItem } from "../menus-option";
import { previewMenu } from "../menu-preview-html";
import { findItem, newItemId, removeItem, withUniqueIds } from "../menu-tree";
import {
  checkMenus,
  cleanMenus,
  problemCount,
  problemsFromIssues,
  type MenuKind,
  type MenuProblems,
  type Menus,
} from "../menu-validation";
import classes from "./menu-editor.module.css";
import { MenuTree } from "./menu-tree";
import { SaveControls } from "../../../ui/settings/save-controls";
import { SettingsSection } from "../../../ui/settings/settings-section";

const kinds: MenuKind[] = ["header", "mobile"];
const subscribeToNothing = () => () => undefined;
const noProblems = (): MenuProblems => ({ header: {}, mobile: {} });
const same = (a: Menus, b: Menus) =>
  JSON.stringify(cleanMenus(a)) === JSON.stringify(cleanMenus(b));

/** The ids of every item on the way to `id` (its ancestors), so they can be opened. */
function ancestorsOf(items: MenuItem[], id: string, trail: string[] = []): string[] | null {
  for (const item of items) {
    if (item.id === id) return trail;
    const found = item.children ? ancestorsOf(item.children, id, [...trail, item.id]) : null;
    if (found) return found;
  }
  return null;
}

/**
 * D16 the header menu and the separate mobile menu, as nested trees (drag and drop, or the
 * keyboard controls), each item a link, megamenu or label; saved together through the screen's
 * action, as every settings editor is. `renderPreview` draws a menu as the public site would.
 */
export function MenuEditor({
  value,
  onChange,
  initial,
  renderPreview,
}: {
  value: Menus;
  onChange: (value: Menus) => void;
  initial: Menus;
  renderPreview: (kind: MenuKind, items: MenuItem[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MenuKind>("header");
  const [saved, setSaved] = useState(initial);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [checking, setChecking] = useState(false);
  const [locallyInvalid, setLocallyInvalid] = useState(false);
  // What was last sent: the server's issues point into it, and it becomes the saved state.
  const [sent, setSent] = useState<Menus | null>(null);
  const saving = useSettingsSave(menusPart);
  const [announcement, setAnnouncement] = useState("");
  const [undo, setUndo] = useState<{ menus: Menus; label: string } | null>(null);
  // The preview draws in the browser only (its HTML is made safe with the browser's parser).
  const mounted = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

  // A save the server accepted: what was sent is now the saved state (once per answer).
  useEffect(() => {
    if (saving.savedAt === 0 || !sent) return;
    setSaved(sent);
    onChange(sent);
    setChecking(false);
    setUndo(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [saving.savedAt]);

  // The server's refusals stand until the menus change from what was sent.
  const answered = sent !== null && saving.status === "invalid" && same(value, sent);
  const serverProblems = answered ? problemsFromIssues(sent, saving.issues) : noProblems();
  const local = checking ? checkMenus(cleanMenus(value)) : noProblems();
  const problems: MenuProblems = {
    header: { ...serverProblems.header, ...local.header },
    mobile: { ...serverProblems.mobile, ...local.mobile },
  };
  const count = problemCount(problems);
  const dirty = !same(value, saved);
  const state = locallyInvalid
    ? "invalid"
    : saving.status === "invalid" && !answered
      ? "idle"
      : saving.status;

  function change(kind: MenuKind, items: MenuItem[]) {
    onChange({ ...value, [kind]: items });
    saving.dismissSaved();
  }

  function toggle(id: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function add(kind: MenuKind) {
    const id = newItemId();
    change(kind, [...value[kind], { id, label: "", item_type: "link", item_url: "" }]);
    setExpanded((current) => new Set(current).add(id));
    // Once the new row is drawn, its label is the place to type.
    requestAnimationFrame(() => document.getElementById(`menu-label-${id}`)?.focus());
    setUndo(null);
  }

  function remove(kind: MenuKind, id: string) {
    const label = findItem(value[kind], id)?.label.trim() || t("siteSettings.menu.untitled");
    setUndo({ menus: value, label });
    change(kind, removeItem(value[kind], id));
    setAnnouncement(t("siteSettings.menu.announce.removed", { label }));
  }

  /** Opens every item with a problem (and its parents) and shows the first one's tab. */
  function reveal(found: MenuProblems) {
    const ids = kinds.flatMap((kind) =>
      Object.keys(found[kind]).flatMap((id) => [id, ...(ancestorsOf(value[kind], id) ?? [])]),
    );
    setExpanded((current) => new Set([...current, ...ids]));
    const first = kinds.find((kind) => Object.keys(found[kind]).length > 0);
    if (first) setTab(first);
  }

  function save() {
    setChecking(true);
    const found = checkMenus(cleanMenus(value));
    setLocallyInvalid(problemCount(found) > 0);
    if (problemCount(found) > 0) {
      reveal(found);
      return;
    }
    const body = cleanMenus(value);
    setSent(body);
    saving.save(body);
  }

  // Refusals the browser could not foresee: open the items they point at.
  const refused = saving.status === "invalid" ? saving.issues : null;
  useEffect(() => {
    if (refused && sent) reveal(problemsFromIssues(sent, refused));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [refused]);

  return (
    <SettingsSection
      titleId="menu-settings"
      title={t("siteSettings.menu.title")}
      description={t("siteSettings.menu.description")}
      headingGap="md"
    >
      <Tabs value={tab} onChange={(next) => next && setTab(next as MenuKind)} keepMounted={false}>
        <Tabs.List>
          {kinds.map((kind) => {
            const errors = Object.keys(problems[kind]).length;
            return (
              <Tabs.Tab
                key={kind}
                value={kind}
                rightSection={
                  errors ? (
                    <Badge size="xs" color="red" variant="filled" circle>
                      {errors}
                    </Badge>
                  ) : undefined
                }
              >
                {t(`siteSettings.menu.tabs.${kind}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {kinds.map((kind) => (
          <Tabs.Panel key={kind} value={kind} pt="md">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t(`siteSettings.menu.help.${kind}`)}
              </Text>
              {value[kind].length === 0 ? (
                <Text size="sm" fs="italic">
                  {t("siteSettings.menu.empty")}
                </Text>
              ) : null}
              <MenuTree
                kind={kind}
                items={value[kind]}
                onChange={(items) => change(kind, items)}
                problems={problems[kind]}
                expanded={expanded}
                onToggle={toggle}
                onRemove={(id) => remove(kind, id)}
                announce={setAnnouncement}
              />
              <Group>
                <Button variant="light" onClick={() => add(kind)}>
                  {t(`siteSettings.menu.add.${kind}`)}
                </Button>
              </Group>
              <Box mt="md">
                <Text fw={600} size="sm">
                  {t(`siteSettings.menu.preview.${kind}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("siteSettings.menu.preview.help")}
                </Text>
                <div className={classes.preview} data-testid={`menu-preview-${kind}`}>
                  {mounted ? renderPreview(kind, previewMenu(cleanMenus(value)[kind])) : null}
                </div>
              </Box>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      {state === "invalid" && count > 0 ? (
        <Alert color="red" mt="lg" role="alert" title={t("siteSettings.menu.problemsTitle")}>
          {t("siteSettings.menu.problems", { total: count })}
        </Alert>
      ) : null}
      <SaveControls
        status={state}
        dirty={dirty}
        saveLabel={t("siteSettings.menu.save")}
        onSave={save}
        statusLine={{ scope: "menu", keys: "siteSettings.menu.status" }}
        mt="lg"
        gap="md"
      >
        {undo ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              onChange(undo.menus);
              setAnnouncement(t("siteSettings.menu.announce.restored", { label: undo.label }));
              setUndo(null);
            }}
          >
            {t("siteSettings.menu.undoRemove", { label: undo.label })}
          </Button>
        ) : null}
      </SaveControls>
      <div aria-live="polite" className={classes.liveRegion} data-testid="menu-announcer">
        {announcement}
      </div>
    </SettingsSection>
  );
}

/** The menus as stored, each id once, for the editor's first state. */
export const editableMenus = (menus: Menus): Menus => {
  const seen = new Set<string>();
  return { header: withUniqueIds(menus.header, seen), mobile: withUniqueIds(menus.mobile, seen) };
};
