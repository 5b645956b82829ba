import { Anchor, Button, CloseButton, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useCart } from "../cart-store";
import { checkCouponCode, type CouponAnswer } from "../coupon-check";
import { formatCartMoney, formatPercent, minorToMajor } from "../money";
import { parseCouponCode, type CartCoupon } from "../validation";
import { CouponToast, type CouponToastMessage } from "./coupon-toast";
import classes from "./cart.module.css";

/** Spec §4 coupon entry: idle, editing, applying (loading), valid (green), invalid (red). */
export type CouponBoxState = "idle" | "editing" | "applying" | "valid" | "invalid";

function AppliedCoupon({
  coupon,
  currency,
  onRemove,
}: {
  coupon: CartCoupon;
  currency: string;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const amount =
    coupon.discountType === "percentage"
      ? formatPercent({ percent: coupon.amount, lang })
      : formatCartMoney({ amount: minorToMajor(coupon.amount, currency), currency, lang });
  return (
    <Paper withBorder p="sm" radius="md" className={classes.applied} data-testid="coupon-applied">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck size={20} className={classes.appliedIcon} aria-hidden />
          <div>
            <Text size="sm" fw={600}>
              {t("cart.couponAppliedLabel", { code: coupon.name })}
            </Text>
            <Text size="sm" className={classes.discount}>
              {t("cart.couponOff", { amount })}
            </Text>
          </div>
        </Group>
        <CloseButton
          aria-label={t("cart.couponRemove", { code: coupon.name })}
          onClick={onRemove}
        />
      </Group>
    </Paper>
  );
}

/**
 * The coupon entry of the cart modal and the checkout (C2): "Have a coupon code?" opens the
 * field; Apply asks the site (`POST /api/coupons/check`). A coupon that applies is stored in the
 * cart, the field closes and the coupon shows in green with a remove control; a code that does
 * not turns the field red — silently for an unknown code, with the refusal's toast otherwise.
 */
export function CouponBox() {
  const { t } = useTranslation();
  const cart = useCart();
  const [state, setState] = useState<CouponBoxState>("idle");
  const [code, setCode] = useState("");
  const [toast, setToast] = useState<CouponToastMessage | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const toasts = useRef(0);
  const closeToast = useCallback(() => setToast(null), []);

  const { setCoupon, uncheckedCoupon: carried } = cart;
  /** What the site answered, shown: green and stored, or red with the refusal's toast. */
  const settle = useCallback(
    (answer: CouponAnswer) => {
      if (answer.kind === "valid") {
        setCoupon(answer.coupon);
        setCode("");
        setState("valid");
        setToast({ key: "cart.couponApplied", tone: "success", id: ++toasts.current });
        return;
      }
      setState("invalid");
      if (answer.kind === "refused")
        setToast({ key: answer.message, tone: "error", id: ++toasts.current });
      if (answer.kind === "failed")
        setToast({ key: "cart.couponFailed", tone: "error", id: ++toasts.current });
    },
    [setCoupon],
  );

  async function apply(typed: string) {
    const name = parseCouponCode(typed);
    if (!name) {
      setState("invalid");
      return;
    }
    setState("applying");
    settle(await checkCouponCode(name));
  }

  // A code carried over from a cart saved before issue 16 is checked once, as if typed; one
  // that does not apply is not kept to be tried again.
  useEffect(() => {
    if (!carried) return;
    let live = true;
    void checkCouponCode(carried).then((answer) => {
      if (!live) return;
      if (answer.kind !== "valid") {
        setCoupon(null);
        setCode(carried);
      }
      settle(answer);
    });
    return () => {
      live = false;
    };
  }, [carried, setCoupon, settle]);

  useEffect(() => {
    if (state === "editing") input.current?.focus();
  }, [state]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== "applying") void apply(code);
  }

  const currency = cart.items[0]?.currency ?? "USD";
  const shown: CouponBoxState = cart.coupon
    ? "valid"
    : carried
      ? "applying"
      : state === "valid"
        ? "idle"
        : state;

  return (
    <div data-testid="coupon-box" data-state={shown}>
      {cart.coupon ? (
        <AppliedCoupon
          coupon={cart.coupon}
          currency={currency}
          onRemove={() => {
            cart.setCoupon(null);
            setState("idle");
          }}
        />
      ) : shown === "idle" ? (
        <Anchor component="button" type="button" size="sm" onClick={() => setState("editing")}>
          {t("cart.couponHave")}
        </Anchor>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={shown === "applying"}>
          <Stack gap={6}>
            <TextInput
              ref={input}
              label={t("cart.couponLabel")}
              placeholder={t("cart.couponPlaceholder")}
              value={carried ?? code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setState("editing");
              }}
              readOnly={shown === "applying"}
              error={shown === "invalid"}
              classNames={{ wrapper: classes.couponField }}
              maxLength={64}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              rightSectionWidth={96}
              rightSectionPointerEvents="all"
              rightSection={
                <Button
                  type="submit"
                  size="compact-sm"
                  loading={shown === "applying"}
                  disabled={!code.trim()}
                >
                  {t("cart.couponApply")}
                </Button>
              }
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" role="status" aria-live="polite">
                {shown === "applying" ? t("cart.couponChecking") : ""}
              </Text>
              <Anchor
                component="button"
                type="button"
                size="xs"
                c="dimmed"
                onClick={() => {
                  setCode("");
                  setState("idle");
                }}
              >
                {t("cart.couponCancel")}
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
      {toast ? <CouponToast toast={toast} onClose={closeToast} /> : null}
    </div>
  );
}
