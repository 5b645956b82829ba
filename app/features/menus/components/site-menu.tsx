import {
  Box,
  Group,
  HoverCard,
  Menu,
  NavLink,
  SimpleGrid,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { MenuItem } from "../menus-option";
import { menuHref } from "../../../ui/site-links";
import { SiteLink } from "../../../ui/site-link";
import classes from "./site-menu.module.css";

function MenuEntries({ items }: { items: MenuItem[] }) {
  return items.map((item) => {
    if (item.children?.length) {
      return (
        <Menu.Sub key={item.id}>
          <Menu.Sub.Target>
            <Menu.Sub.Item>{item.label}</Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown>
            <MenuEntries items={item.children} />
          </Menu.Sub.Dropdown>
        </Menu.Sub>
      );
    }
    if (!item.item_url || item.item_type === "label") {
      return <Menu.Label key={item.id}>{item.label}</Menu.Label>;
    }
    const { href, external } = menuHref(item.item_url);
    return external ? (
      <Menu.Item key={item.id} component="a" href={href} target="_blank" rel="noopener noreferrer">
        {item.label}
      </Menu.Item>
    ) : (
      <Menu.Item key={item.id} component={Link} to={href}>
        {item.label}
      </Menu.Item>
    );
  });
}

function MegaMenu({ item }: { item: MenuItem }) {
  const mega = item.mega_menu!;
  return (
    <HoverCard
      position="bottom"
      shadow="md"
      width={Math.min(720, 240 * mega.columnCount)}
      openDelay={80}
    >
      <HoverCard.Target>
        <UnstyledButton className={classes.link} data-testid={`menu-${item.id}`}>
          {/* A button holds phrasing content only: a span, not Group's default div. */}
          <Group component="span" gap={4} wrap="nowrap">
            {item.label}
            <IconChevronDown size={10} stroke={3.6} aria-hidden />
          </Group>
        </UnstyledButton>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <SimpleGrid cols={mega.columnCount} spacing="md" className={classes.mega}>
          {mega.columns.map((column, index) => (
            <Box
              key={index}
              className={classes.megaColumn}
              style={{
                gridColumn: `span ${column.colSpan ?? 1}`,
                gridRow: `span ${column.rowSpan ?? 1}`,
              }}
              // Sanitised on the server by loadSiteChrome.
              dangerouslySetInnerHTML={{ __html: column.content }}
            />
          ))}
        </SimpleGrid>
        {item.item_url ? (
          <SiteLink url={item.item_url} fz="sm" mt="md" display="block">
            {item.label} →
          </SiteLink>
        ) : null}
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

/** The header's multi-level menu (P5): links, megamenus, plain labels and nested children. */
export function SiteMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} component="nav" wrap="nowrap" aria-label={t("chrome.mainMenu")}>
      {items.map((item) => {
        if (item.item_type === "megamenu" && item.mega_menu)
          return <MegaMenu key={item.id} item={item} />;
        if (item.children?.length) {
          return (
            <Menu key={item.id} trigger="hover" openDelay={60} closeDelay={120} withinPortal>
              <Menu.Target>
                <UnstyledButton className={classes.link} data-testid={`menu-${item.id}`}>
                  <Group component="span" gap={4} wrap="nowrap">
                    {item.label}
                    <IconChevronDown size={10} stroke={3.6} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <MenuEntries items={item.children} />
              </Menu.Dropdown>
            </Menu>
          );
        }
        if (!item.item_url || item.item_type === "label") {
          return (
            <Text key={item.id} className={classes.label}>
              {item.label}
            </Text>
          );
        }
        return (
          <SiteLink key={item.id} url={item.item_url} className={classes.link} underline="never">
            {item.label}
          </SiteLink>
        );
      })}
    </Group>
  );
}

/** The mobile drawer's menu (P6), built from the separate mobile menu. */
export function MobileMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  return items.map((item) => {
    const { href, external } = menuHref(item.item_url);
    if (item.children?.length) {
      return (
        <NavLink key={item.id} label={item.label} childrenOffset={16}>
          <MobileMenu items={item.children} onNavigate={onNavigate} />
        </NavLink>
      );
    }
    return external ? (
      <NavLink
        key={item.id}
        label={item.label}
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
      />
    ) : (
      <NavLink key={item.id} label={item.label} component={Link} to={href} onClick={onNavigate} />
    );
  });
}
