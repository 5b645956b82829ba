import { Box, Button, Group, Overlay, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useId, type CSSProperties } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PopupLayout } from "../popup-shapes";
import type { Draft } from "./popup-editor";

/** Where the popup sits in the preview's sketch of a page, by its layout. */
const placement: Record<PopupLayout, CSSProperties> = {
  modal: {
    inset: 0,
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    padding: "var(--mantine-spacing-md)",
  },
  slideIn: {
    insetBlockEnd: "var(--mantine-spacing-sm)",
    insetInlineEnd: "var(--mantine-spacing-sm)",
    width: "min(60%, 16rem)",
  },
  bar: { insetBlockStart: 0, insetInline: 0 },
};

/**
 * A still sketch of the popup as visitors see it, on a sketch of a page: a card in the middle
 * of a dimmed page (modal), a small card in the bottom corner (slide-in) or a strip across the
 * top (bar). Nothing in it reacts; the form of a popup that has one is only named.
 */
export function PopupPreview({ draft, formName }: { draft: Draft; formName: string | null }) {
  const { t } = useTranslation();
  const heading = useId();
  const { layout } = draft;
  const bar = layout === "bar";
  const empty = !draft.title && !draft.body && !draft.formId;

  const content = (
    <Stack gap={bar ? 4 : "xs"} style={{ flex: 1, minWidth: 0 }}>
      {draft.title && layout !== "modal" ? (
        <Title order={3} size={bar ? "h6" : "h5"}>
          {draft.title}
        </Title>
      ) : null}
      {draft.body ? (
        <Text size="sm" style={{ whiteSpace: "pre-line" }} lineClamp={bar ? 2 : 6}>
          {draft.body}
        </Text>
      ) : null}
      {draft.formId ? (
        <Paper bg="var(--mantine-color-default-hover)" p="xs" radius="sm">
          <Text size="sm" c="dimmed" ta="center">
            {formName
              ? t("popups.screen.preview.form", { name: formName })
              : t("popups.screen.preview.someForm")}
          </Text>
        </Paper>
      ) : null}
      {empty ? (
        <Text size="sm" c="dimmed">
          {t("popups.screen.preview.empty")}
        </Text>
      ) : null}
      {draft.ctaLabel ? (
        <Group>
          <Button component="span" size={bar ? "compact-sm" : "sm"}>
            {draft.ctaLabel}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
  const close = (
    <IconX size={16} aria-hidden style={{ flex: "none", color: "var(--mantine-color-dimmed)" }} />
  );

  return (
    <Box
      component="section"
      aria-labelledby={heading}
      pos="sticky"
      top="var(--mantine-spacing-md)"
      data-testid="popup-preview"
    >
      <Title order={2} size="h4" id={heading}>
        {t("popups.screen.preview.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("popups.screen.preview.help")}
      </Text>
      <Box
        pos="relative"
        h={360}
        bg="var(--mantine-color-body)"
        style={{
          overflow: "hidden",
          borderRadius: "var(--mantine-radius-md)",
          border: "1px solid var(--mantine-color-default-border)",
        }}
        data-layout={layout}
      >
        <Stack gap="sm" p="md" pt={bar ? 72 : "md"} aria-hidden>
          <Skeleton animate={false} h={18} w="45%" />
          <Skeleton animate={false} h={90} />
          <Skeleton animate={false} h={10} />
          <Skeleton animate={false} h={10} w="90%" />
          <Skeleton animate={false} h={10} w="80%" />
          <Skeleton animate={false} h={10} w="85%" />
          <Skeleton animate={false} h={10} w="60%" />
        </Stack>
        {layout === "modal" ? <Overlay backgroundOpacity={0.45} zIndex={1} /> : null}
        <Box pos="absolute" style={{ ...placement[layout], zIndex: 2 }}>
          {layout === "modal" ? (
            <Paper shadow="lg" radius="md" p="md" w="100%" maw="22rem">
              <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
                {draft.title ? (
                  <Title order={3} size="h5">
                    {draft.title}
                  </Title>
                ) : (
                  <span />
                )}
                {close}
              </Group>
              {content}
            </Paper>
          ) : bar ? (
            <Paper shadow="sm" radius={0} p="xs" px="sm" withBorder>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {content}
                {close}
              </Group>
            </Paper>
          ) : (
            <Paper shadow="lg" radius="md" p="sm" withBorder>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {content}
                {close}
              </Group>
            </Paper>
          )}
        </Box>
      </Box>
    </Box>
  );
}
