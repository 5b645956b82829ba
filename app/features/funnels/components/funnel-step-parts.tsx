import { Button, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { OfferPriceText, type OfferPrice } from "~/features/products/products";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { StepKind } from "../funnel-shapes";
import { FunnelOfferIsland } from "../funnels.islands";
import type { OfferLine } from "./funnel-offer";

/** What a step adds below its page, by kind; plain HTML forms but the checkout's offer. */
export type StepSection =
  | { kind: "optin"; formHtml: string }
  | { kind: "sales"; nextPath: string | null }
  | {
      kind: "checkout";
      stepId: string;
      lines: OfferLine[];
      bump: (OfferLine & { headline: string }) | null;
    }
  | {
      kind: "upsell";
      offer: { title: string; price: OfferPrice } | null;
      orderId: string | null;
      declinePath: string | null;
    }
  | { kind: "thankyou"; order: ReactNode };

/** A funnel step's own part: the form, the button on, the offer, the upsell's yes and no. */
export function FunnelStepSection({ part, preview }: { part: StepSection; preview: boolean }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" pb={64} data-testid={`funnel-part-${part.kind satisfies StepKind}`}>
      {preview ? (
        <Text size="sm" c="dimmed" ta="center" mb="md" data-testid="funnel-preview">
          {t("funnelPage.preview")}
        </Text>
      ) : null}
      {part.kind === "optin" ? (
        part.formHtml ? (
          <div dangerouslySetInnerHTML={{ __html: part.formHtml }} />
        ) : (
          <Text c="dimmed">{t("funnelPage.noForm")}</Text>
        )
      ) : null}
      {part.kind === "sales" && part.nextPath ? (
        <form method="post">
          <input type="hidden" name="intent" value="next" />
          <Group justify="center">
            <Button type="submit" size="lg" data-testid="funnel-next">
              {t("funnelPage.next")}
            </Button>
          </Group>
        </form>
      ) : null}
      {part.kind === "checkout" ? (
        <FunnelOfferIsland stepId={part.stepId} lines={part.lines} bump={part.bump} />
      ) : null}
      {part.kind === "upsell" ? <UpsellPart part={part} /> : null}
      {part.kind === "thankyou" ? part.order : null}
    </Container>
  );
}

function UpsellPart({ part }: { part: Extract<StepSection, { kind: "upsell" }> }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="md" align="center">
        {part.offer ? (
          <>
            <Title order={2} size="h3" ta="center">
              {part.offer.title}
            </Title>
            <OfferPriceText price={part.offer.price} />
          </>
        ) : null}
        {part.offer && part.orderId ? (
          <form method="post" style={{ width: "100%" }}>
            <input type="hidden" name="order" value={part.orderId} />
            <Stack gap="sm">
              <Button
                type="submit"
                name="intent"
                value="accept"
                size="lg"
                fullWidth
                h="auto"
                py="sm"
                styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
                data-testid="funnel-accept"
              >
                {t("funnelPage.upsell.accept")}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="decline"
                variant="subtle"
                fullWidth
                data-testid="funnel-decline"
              >
                {t("funnelPage.upsell.decline")}
              </Button>
            </Stack>
          </form>
        ) : part.declinePath ? (
          <Button component="a" href={part.declinePath} variant="subtle">
            {t("funnelPage.upsell.decline")}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
