import { Textarea, TextInput } from "@mantine/core";
import type { ChangeEvent, ReactNode } from "react";

type Props = {
  label: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  maxLength?: number;
  value: string;
  error?: ReactNode;
  readOnly?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  "data-testid"?: string;
};

/**
 * A one-line field of the campaign editor. Read-only (a campaign that has started), it wraps
 * instead: a single-line input cuts a long subject or link off at a phone's width, and the
 * owner reads these to check or copy what was sent.
 */
export function CampaignTextField({ readOnly = false, onChange, ...props }: Props) {
  if (!readOnly) return <TextInput {...props} onChange={onChange} />;
  return <Textarea {...props} readOnly autosize minRows={1} />;
}
