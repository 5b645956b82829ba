import { Alert, Button, Group, List, Progress, Stack, Text } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useNavigate } from "react-router";
import { formatPrice } from "~/features/courses/courses";
import { learningApiPaths } from "../offline-queue";
import type { EnrolActionData } from "../player.server";

const playerPath = (slug: string, lessonId?: string | null) =>
  `/course/${slug}/learn${lessonId ? `/${lessonId}` : ""}`;

/**
 * Scope 4: the public course page's call to action: enrol in a free course with one click (or
 * sign in first), continue where the student left off, preview a free lesson, or a paid course's
 * price until commerce sells it.
 */
export function EnrolAction({
  action,
  currency,
  compact = false,
}: {
  action: EnrolActionData;
  currency: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<{ id: string; title: string }[] | null>(null);
  const [failed, setFailed] = useState(false);

  const enrol = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const res = await fetch(learningApiPaths.enrol(action.courseId), {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: "{}",
      });
      const answer = (await res.json().catch(() => null)) as
        | { ok: true }
        | { ok: false; reason: string; missing?: { id: string; title: string }[] }
        | null;
      if (answer?.ok) {
        void navigate(playerPath(action.slug));
        return;
      }
      if (answer && !answer.ok && answer.reason === "prerequisites")
        setMissing(answer.missing ?? []);
      else setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const preview =
    action.previewLessonId &&
    (action.state === "enrol" || action.state === "signIn" || action.state === "paid") ? (
      <Button
        component={Link}
        to={playerPath(action.slug, action.previewLessonId)}
        variant="default"
      >
        {t("learning.enrol.preview")}
      </Button>
    ) : null;

  return (
    <Stack gap="sm" data-testid="enrol-action">
      {action.state === "continue" ? (
        <>
          {!compact ? (
            <Group gap="xs" wrap="nowrap">
              <Progress
                value={action.progressPercent}
                flex={1}
                aria-label={t("learning.progress")}
              />
              <Text size="sm">{action.progressPercent}%</Text>
            </Group>
          ) : null}
          <Button
            component={Link}
            to={playerPath(action.slug, action.continueLessonId)}
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
          >
            {action.progressPercent > 0 ? t("learning.enrol.continue") : t("learning.enrol.start")}
          </Button>
        </>
      ) : action.state === "teacher" ? (
        <Button component={Link} to={playerPath(action.slug)} variant="light">
          {t("learning.enrol.previewPlayer")}
        </Button>
      ) : action.state === "paid" ? (
        <>
          <Text fw={700} size="lg">
            {formatPrice({ minor: action.price, currency, lang: i18n.language, free: "" })}
          </Text>
          <Button disabled>{t("learning.enrol.availableSoon")}</Button>
        </>
      ) : action.state === "signIn" ? (
        <Button
          component="a"
          href={`/login?redirectedFrom=${encodeURIComponent(`/course/${action.slug}`)}`}
        >
          {t("learning.enrol.signInToEnrol")}
        </Button>
      ) : (
        <Button onClick={enrol} loading={busy}>
          {t("learning.enrol.enrolFree")}
        </Button>
      )}
      {preview}
      {missing ? (
        <Alert color="yellow" title={t("learning.enrol.prerequisites")}>
          <List size="sm">
            {missing.map((course) => (
              <List.Item key={course.id}>{course.title}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {failed ? (
        <Text c="red" size="sm" role="alert">
          {t("learning.enrol.failed")}
        </Text>
      ) : null}
    </Stack>
  );
}
