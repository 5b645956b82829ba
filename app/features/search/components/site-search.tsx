import {
  ActionIcon,
  Avatar,
  Chip,
  Group,
  Image,
  Loader,
  Modal,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useDisclosure, useHotkeys } from "@mantine/hooks";
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useLocation, useNavigate } from "react-router";
import { useSiteSearch, type SearchState } from "../use-site-search";
import {
  searchKinds,
  searchScopes,
  showsNotFound,
  type SearchHit,
  type SearchResults,
  type SearchScope,
} from "../validation";
import classes from "./site-search.module.css";

function HitPicture({ hit }: { hit: SearchHit }) {
  if (hit.kind === "members")
    return <Avatar src={hit.image} name={hit.title} color="initials" size={36} alt="" />;
  if (hit.image)
    return <Image src={hit.image} alt="" w={48} h={36} radius="sm" fit="cover" loading="lazy" />;
  return null;
}

function hitsOf(results: SearchResults | null): SearchHit[] {
  return results ? searchKinds.flatMap((kind) => results.hits[kind]) : [];
}

function Status({ state, scope }: { state: SearchState; scope: SearchScope }) {
  const { t } = useTranslation();
  if (state.status === "loading")
    return (
      <Group gap="xs" className={classes.status}>
        <Loader size="xs" />
        <Text size="sm">{t("search.searching")}</Text>
      </Group>
    );
  if (state.status === "failed")
    return (
      <Text size="sm" c="red" className={classes.status}>
        {t("search.failed")}
      </Text>
    );
  if (state.status !== "done")
    return (
      <Text size="sm" c="dimmed" className={classes.status}>
        {t("search.hint")}
      </Text>
    );
  const total = hitsOf(state.results).length;
  return (
    <>
      {showsNotFound({ term: state.results.term, total }) ? (
        <Text className={classes.notFound} fw={600} size="lg">
          {t("errors.notFound")}
        </Text>
      ) : null}
      {state.results.membersNeedSignIn && scope === "members" ? (
        <Text size="sm" c="dimmed" className={classes.status}>
          {t("search.membersNeedSignIn")}{" "}
          <Link to="/login" className={classes.inlineLink}>
            {t("search.signIn")}
          </Link>
        </Text>
      ) : null}
    </>
  );
}

/**
 * The header's search (P10): a button (also `/` or Ctrl+K) opening a modal with a text box and
 * scope chips. Results are a listbox the arrow keys move through while typing goes on; Enter or
 * a click opens the highlighted one.
 */
export function SiteSearch({ accountId }: { accountId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [opened, { open, close }] = useDisclosure(false);
  const [term, setTerm] = useState("");
  const [scope, setScope] = useState<SearchScope>("all");
  const state = useSiteSearch({ term, scope, accountId });
  const results = state.status === "done" ? state.results : null;
  const hits = useMemo(() => hitsOf(results), [results]);
  // The highlight belongs to one list of hits: a new answer starts again at the top.
  const [highlight, setHighlight] = useState({ hits, index: 0 });
  const active = highlight.hits === hits ? highlight.index : 0;
  const setActive = (index: number) => setHighlight({ hits, index });
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  useHotkeys([
    ["mod+K", open],
    ["/", open],
  ]);
  // Following a result closes the modal; so does any other navigation.
  useEffect(close, [pathname, close]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (hits.length === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: (active + 1) % hits.length,
      ArrowUp: (active - 1 + hits.length) % hits.length,
      Home: 0,
      End: hits.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = moves[event.key]!;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Enter") {
      event.preventDefault();
      const hit = hits[active];
      if (hit) void navigate(hit.url);
    }
  }

  let index = -1;
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t("search.open")}
        aria-keyshortcuts="Control+K /"
        data-testid="search-button"
        onClick={open}
      >
        <IconSearch size={18} aria-hidden />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={close}
        title={t("search.title")}
        size="lg"
        yOffset="8vh"
        closeButtonProps={{ "aria-label": t("search.close") }}
      >
        <TextInput
          data-autofocus
          role="combobox"
          aria-label={t("search.label")}
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
          placeholder={t("search.placeholder")}
          leftSection={<IconSearch size={18} aria-hidden />}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={100}
          size="md"
          autoComplete="off"
          spellCheck={false}
        />
        <Chip.Group value={scope} onChange={(value) => setScope(value as SearchScope)}>
          <Group gap="xs" mt="sm" role="radiogroup" aria-label={t("search.scopeLabel")}>
            {searchScopes.map((value) => (
              <Chip key={value} value={value} size="sm" variant="light">
                {t(`search.scopes.${value}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <div aria-live="polite">
          <Status state={state} scope={scope} />
          {results ? (
            <VisuallyHidden>{t("search.count", { count: hits.length })}</VisuallyHidden>
          ) : null}
        </div>
        <div id={listId} role="listbox" aria-label={t("search.results")} className={classes.list}>
          {results
            ? searchKinds
                .filter((kind) => results.hits[kind].length > 0)
                .map((kind) => (
                  <div key={kind} role="group" aria-labelledby={`${listId}-${kind}`}>
                    <Text
                      id={`${listId}-${kind}`}
                      size="xs"
                      fw={700}
                      tt="uppercase"
                      c="dimmed"
                      className={classes.groupLabel}
                    >
                      {t(`search.scopes.${kind}`)}
                    </Text>
                    {results.hits[kind].map((hit) => {
                      index += 1;
                      const position = index;
                      return (
                        <Link
                          key={hit.id}
                          id={optionId(position)}
                          to={hit.url}
                          role="option"
                          tabIndex={-1}
                          aria-selected={position === active}
                          data-testid="search-result"
                          className={classes.option}
                          onMouseMove={() => setActive(position)}
                        >
                          <HitPicture hit={hit} />
                          <span className={classes.optionText}>
                            <span className={classes.optionTitle}>{hit.title}</span>
                            {hit.snippet ? (
                              <span className={classes.optionSnippet} data-testid="search-snippet">
                                {hit.snippet.map((part, at) =>
                                  part.hit ? <mark key={at}>{part.text}</mark> : part.text,
                                )}
                              </span>
                            ) : hit.detail ? (
                              <span className={classes.optionDetail}>{hit.detail}</span>
                            ) : null}
                          </span>
                        </Link>
                      );
                    })}
                  </div>
                ))
            : null}
        </div>
      </Modal>
    </>
  );
}
