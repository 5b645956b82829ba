import { Paper, Text, Title, type MantineSpacing } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";

/**
 * One editor on a settings screen: a bordered panel named by its heading (so it is a landmark a
 * screen reader can jump to), with a line on what it edits. An editor with `onSubmit` is a form;
 * it checks its own fields and shows each message beside its field, hence `noValidate`.
 */
export function SettingsSection({
  titleId,
  title,
  titleSize = "h3",
  description,
  headingGap,
  onSubmit,
  id,
  testId,
  children,
}: {
  titleId: string;
  title: string;
  titleSize?: "h3" | "h4";
  description?: string;
  /** The space between the heading and what follows. */
  headingGap: MantineSpacing;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  id?: string;
  testId?: string;
  children: ReactNode;
}) {
  const panel = {
    withBorder: true,
    radius: "md",
    p: { base: "md", sm: "lg" },
    "aria-labelledby": titleId,
    id,
    "data-testid": testId,
  } as const;
  const content = (
    <>
      <Title order={2} size={titleSize} id={titleId} mb={description ? undefined : headingGap}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb={headingGap}>
          {description}
        </Text>
      ) : null}
      {children}
    </>
  );
  return onSubmit ? (
    <Paper {...panel} component="form" onSubmit={onSubmit} noValidate>
      {content}
    </Paper>
  ) : (
    <Paper {...panel} component="section">
      {content}
    </Paper>
  );
}
