import { Anchor, AspectRatio, Button, Group, Paper, Stack, Text, Typography } from "@mantine/core";
import { IconDownload, IconExternalLink, IconFile } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { embedOf, storedHtmlClass } from "~/features/content/content";
import type { LessonContent, LessonType } from "~/features/courses/courses";
import { isEndedMessage } from "../media-events";

const providerOrigins =
  /^https:\/\/(www\.)?(youtube-nocookie\.com|youtube\.com|player\.vimeo\.com)$/;

/** A YouTube or Vimeo player that tells `onEnded` when it is watched to the end. */
function ProviderVideo({
  provider,
  src,
  title,
  onEnded,
}: {
  provider: "youtube" | "vimeo";
  src: string;
  title: string;
  onEnded?: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  });
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!providerOrigins.test(event.origin)) return;
      if (frame.current && event.source !== frame.current.contentWindow) return;
      if (isEndedMessage(event.data)) ended.current?.();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);
  const subscribe = () => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    if (provider === "youtube") {
      target.postMessage(JSON.stringify({ event: "listening", id: 1, channel: "widget" }), "*");
      target.postMessage(
        JSON.stringify({ event: "command", func: "addEventListener", args: ["onStateChange"] }),
        "*",
      );
    } else {
      for (const value of ["ended", "finish"])
        target.postMessage(JSON.stringify({ method: "addEventListener", value }), "*");
    }
  };
  const address =
    provider === "youtube"
      ? `${src}?enablejsapi=1&rel=0${typeof window === "undefined" ? "" : `&origin=${encodeURIComponent(window.location.origin)}`}`
      : `${src}?api=1`;
  return (
    <AspectRatio ratio={16 / 9}>
      <iframe
        ref={frame}
        src={address}
        title={title}
        onLoad={subscribe}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
        style={{ border: 0, borderRadius: "var(--mantine-radius-md)" }}
      />
    </AspectRatio>
  );
}

function Downloads({ files }: { files: NonNullable<LessonContent["files"]> }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs">
        {t("learning.player.downloads")}
      </Text>
      <Stack gap={6}>
        {files.map((file) => (
          <Group key={file.url} gap="xs" wrap="nowrap">
            <IconFile size={18} aria-hidden />
            <Anchor href={file.url} download={file.name}>
              {file.name}
            </Anchor>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Scope 4: a lesson's content by its type; `onVideoEnded` completes it when a video ends. */
export function LessonBody({
  type,
  title,
  content,
  onVideoEnded,
  quiz,
}: {
  type: LessonType;
  title: string;
  content: LessonContent;
  onVideoEnded?: () => void;
  /** A quiz lesson's quiz, taken in place (the quizzes feature's, given by the route). */
  quiz?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const video = type === "video" ? content.video : undefined;
  const embed =
    video && (video.source === "youtube" || video.source === "vimeo") ? embedOf(video.url) : null;
  const page = type === "embed" && content.embedUrl ? embedOf(content.embedUrl) : null;
  return (
    <Stack gap="lg">
      {video && embed && embed.provider !== "audio" ? (
        <ProviderVideo
          provider={embed.provider}
          src={embed.src}
          title={title}
          onEnded={onVideoEnded}
        />
      ) : video ? (
        // Uploads and Bunny: the browser's own player.
        <video
          src={video.url}
          controls
          playsInline
          preload="metadata"
          onEnded={onVideoEnded}
          data-testid="lesson-video"
          style={{ width: "100%", borderRadius: "var(--mantine-radius-md)", background: "#000" }}
        />
      ) : null}
      {type === "audio" && content.file ? (
        <audio src={content.file.url} controls preload="metadata" style={{ width: "100%" }} />
      ) : null}
      {type === "pdf" && content.file ? (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <IconFile size={22} aria-hidden />
              <Text fw={600}>{content.file.name}</Text>
            </Group>
            <Group gap="xs">
              <Button
                component="a"
                href={content.file.url}
                target="_blank"
                rel="noopener"
                variant="light"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {t("learning.player.openPdf")}
              </Button>
              <Button
                component="a"
                href={content.file.url}
                download={content.file.name}
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {t("learning.player.download")}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      {type === "embed" && content.embedUrl ? (
        page && page.provider !== "audio" ? (
          <ProviderVideo provider={page.provider} src={page.src} title={title} />
        ) : page ? (
          <audio src={page.src} controls preload="metadata" style={{ width: "100%" }} />
        ) : (
          <Anchor href={content.embedUrl} target="_blank" rel="noopener nofollow">
            {content.embedUrl}
          </Anchor>
        )
      ) : null}
      {content.html ? (
        <Typography>
          <div
            className={storedHtmlClass}
            data-testid="lesson-html"
            dangerouslySetInnerHTML={{ __html: content.html }}
          />
        </Typography>
      ) : null}
      {type === "quiz" && content.quizId ? (
        <div data-quiz-lesson={content.quizId}>{quiz}</div>
      ) : null}
      <Downloads files={content.files ?? []} />
    </Stack>
  );
}
