import { Anchor, type AnchorProps } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { menuHref } from "./site-links";

/** A menu or footer link: external ones open in a new tab, internal ones route client-side. */
export function SiteLink({
  url,
  children,
  ...props
}: { url?: string; children: ReactNode } & AnchorProps) {
  const { href, external } = menuHref(url);
  if (external) {
    return (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" {...props}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={href} {...props}>
      {children}
    </Anchor>
  );
}
