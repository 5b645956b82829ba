import {
  Alert,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState, type CSSProperties, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { postJson } from "~/features/auth/auth";
import { EmailField, FormError, NewPasswordField } from "~/features/auth/auth";
import { languageCodes, type LanguageCode } from "~/platform/i18n/languages";
import { slugPattern } from "~/platform/patterns";
import { dnsLabel } from "~/platform/slugs";
import { useBrowserSearchParams } from "~/ui/browser-search";
import classes from "./platform.module.css";
import { responsive } from "~/ui/responsive-style";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";

export type PlanOption = { id: string; label: string; price: string };

/** Each language by its own name: people look for the one they read. */
const languageNames: Record<LanguageCode, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  pt: "Português",
  ru: "Русский",
  ja: "日本語",
  zh: "中文",
  ko: "한국어",
  ar: "العربية",
  hi: "हिन्दी",
  bn: "বাংলা",
  tr: "Türkçe",
  vi: "Tiếng Việt",
  pl: "Polski",
  nl: "Nederlands",
  sv: "Svenska",
  uk: "Українська",
  th: "ไทย",
};

type SlugState = "idle" | "checking" | "available" | "taken" | "reserved" | "invalid";

/** A site name as an address: `Riverside Music School` → `riverside-music-school` (a DNS label). */
const slugFrom = (name: string) => dnsLabel(name);

/** Asks the platform, after a pause in typing, whether the address is free. */
function useSlugState(slug: string): SlugState {
  const local: SlugState | null = !slug
    ? "idle"
    : slug.length < 3 || !slugPattern.test(slug)
      ? "invalid"
      : null;
  const [answer, setAnswer] = useState<{ slug: string; state: SlugState } | null>(null);
  useEffect(() => {
    if (local) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const response = await fetch(`/api/platform/slug-check?slug=${encodeURIComponent(slug)}`, {
        signal: controller.signal,
      }).catch(() => null);
      const body = (await response?.json().catch(() => null)) as {
        reason?: SlugState | null;
      } | null;
      if (!controller.signal.aborted && body)
        setAnswer({ slug, state: body.reason ?? "available" });
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, local]);
  return local ?? (answer?.slug === slug ? answer.state : "checking");
}

type Refusal = { fields: Record<string, string>; reasons: string[]; message: string | null };

const codeToField: Record<string, [string, string]> = {
  "accounts.slugTaken": ["slug", "errors.slugTaken"],
  "accounts.slugReserved": ["slug", "errors.slugReserved"],
  "accounts.unknownPlan": ["plan", "errors.unknownPlanText"],
  "auth.emailInUse": ["email", "errors.emailInUseText"],
};

function refusalOf(status: number, error?: { code: string; details?: unknown }): Refusal {
  const none: Refusal = { fields: {}, reasons: [], message: null };
  if (!error) return { ...none, message: "auth.errors.generic" };
  const details = error.details as { reasons?: string[] } | { path: string }[] | undefined;
  if (error.code === "auth.weakPassword" && details && "reasons" in details)
    return { ...none, reasons: details.reasons ?? ["weak"] };
  if (error.code === "request.invalid" && Array.isArray(details)) {
    const keys: Record<string, string> = {
      slug: "platform.signup.slugStatus.invalid",
      email: "auth.errors.invalidEmail",
    };
    return {
      ...none,
      fields: Object.fromEntries(
        details.map((issue) => [issue.path, keys[issue.path] ?? "auth.errors.required"]),
      ),
    };
  }
  const field = codeToField[error.code];
  if (field) return { ...none, fields: { [field[0]]: field[1] } };
  return {
    ...none,
    message: status === 429 ? "auth.errors.tooManyAttempts" : "auth.errors.generic",
  };
}

/** P20 sign-up for a new site on the platform: the site, its address and plan, and its owner. */
// Radio.Card writes its `radius` prop out as an attribute too, which a <button> may not have: the
// radius goes in its variable. Radio.Indicator's types lack `component`, which its Box takes.
const cardRadius = { "--card-radius": "var(--mantine-radius-md)" } as CSSProperties;
const asSpan = { component: "span" } as object;

export function AccountSignupForm({
  plans,
  hostSuffix,
}: {
  plans: PlanOption[];
  hostSuffix: string;
}) {
  const { t } = useTranslation();
  const [siteName, setSiteName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const [language, setLanguage] = useState<LanguageCode>("en");
  // The pricing page links here with ?plan=…, read in the browser so the page is the same for all.
  const wanted = useBrowserSearchParams().get("plan");
  const [chosenPlan, setPlan] = useState<string | null>(null);
  const plan =
    chosenPlan ?? (plans.some((p) => p.id === wanted) ? wanted! : (plans[0]?.id ?? "starter"));
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [refusal, setRefusal] = useState<Refusal>({ fields: {}, reasons: [], message: null });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const slugState = useSlugState(slug);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefusal({ fields: {}, reasons: [], message: null });
    const { status, answer } = await postJson("/api/platform/sign-up", {
      siteName,
      slug,
      name,
      email,
      password,
      plan,
      language,
    });
    if (status === 201) {
      setDone(true);
      window.location.assign((answer as { loginUrl: string }).loginUrl);
      return;
    }
    setBusy(false);
    setRefusal(refusalOf(status, answer.error));
  }

  const fieldError = (field: string) =>
    refusal.fields[field] ? t(refusal.fields[field]) : undefined;
  const slugHint =
    slugState === "idle" || slugState === "checking"
      ? t(
          slugState === "checking"
            ? "platform.signup.slugStatus.checking"
            : "platform.signup.slugHelp",
        )
      : t(`platform.signup.slugStatus.${slugState}`, { host: `${slug}${hostSuffix}` });

  if (done) {
    return (
      <Alert color="teal" role="status" title={t("platform.signup.doneTitle")}>
        {t("platform.signup.done")}
      </Alert>
    );
  }

  return (
    <Paper {...responsive({ p: { base: "lg", sm: 32 } })} withBorder shadow="md" radius="lg">
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError messageKey={refusal.message} />
          <Title order={2} fz="lg">
            {t("platform.signup.siteSection")}
          </Title>
          <TextInput
            label={t("platform.signup.siteName")}
            placeholder={t("platform.signup.siteNamePlaceholder")}
            required
            value={siteName}
            error={fieldError("siteName")}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setSiteName(value);
              if (!slugEdited) setSlug(slugFrom(value));
            }}
          />
          <TextInput
            label={t("platform.signup.slug")}
            required
            value={slug}
            autoCapitalize="none"
            spellCheck={false}
            rightSection={
              <Text size="sm" c="dimmed" pe="sm" data-testid="slug-host">
                {hostSuffix}
              </Text>
            }
            rightSectionWidth={hostSuffix.length * 8 + 16}
            description={
              <Text
                span
                size="xs"
                c={
                  slugState === "available"
                    ? "teal"
                    : slugState === "idle" || slugState === "checking"
                      ? "dimmed"
                      : "red"
                }
                data-testid="slug-hint"
              >
                {slugHint}
              </Text>
            }
            error={fieldError("slug")}
            onChange={(e) => {
              setSlugEdited(true);
              setSlug(e.currentTarget.value.toLowerCase().trim());
            }}
            data-testid="slug-input"
          />
          <Select
            label={t("platform.signup.language")}
            data={languageCodes.map((code) => ({ value: code, label: languageNames[code] }))}
            value={language}
            allowDeselect={false}
            onChange={(value) => value && setLanguage(value as LanguageCode)}
          />
          <Radio.Group
            label={t("platform.signup.plan")}
            value={plan}
            onChange={setPlan}
            error={fieldError("plan")}
          >
            <ResponsiveSimpleGrid cols={{ base: 2 }} spacing="xs" mt={6}>
              {plans.map((option) => (
                <Radio.Card
                  key={option.id}
                  value={option.id}
                  p="sm"
                  aria-label={option.label}
                  className={classes.planOption}
                  style={cardRadius}
                >
                  {/* The card is a <button>, which holds phrasing content only (issue 37):
                      spans where Mantine would draw divs and paragraphs (all display as before). */}
                  <Group component="span" wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator size="sm" mt={2} {...asSpan} />
                    <span>
                      <Text component="span" display="block" fw={700} size="sm">
                        {option.label}
                      </Text>
                      <Text component="span" display="block" size="xs" c="dimmed">
                        {option.price}
                      </Text>
                    </span>
                  </Group>
                </Radio.Card>
              ))}
            </ResponsiveSimpleGrid>
          </Radio.Group>
          <Title order={2} fz="lg" mt="sm">
            {t("platform.signup.ownerSection")}
          </Title>
          <TextInput
            label={t("auth.fields.name")}
            autoComplete="name"
            required
            value={name}
            error={fieldError("name")}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <EmailField value={email} onChange={setEmail} error={fieldError("email")} />
          <NewPasswordField
            required
            labelKey="auth.fields.password"
            value={password}
            onChange={setPassword}
            reasons={refusal.reasons}
            error={fieldError("password")}
          />
          <Button
            type="submit"
            size="md"
            loading={busy}
            fullWidth
            variant="gradient"
            gradient={{ from: "violet", to: "indigo", deg: 135 }}
          >
            {t("platform.signup.submit")}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t("platform.signup.terms")}
          </Text>
          <Text size="sm" ta="center" c="dimmed">
            {t("platform.signup.haveSite")}{" "}
            <Text component={Link} to="/login" c="violet" fw={600} size="sm">
              {t("platform.nav.login")}
            </Text>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
