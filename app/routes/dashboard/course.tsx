import "@mantine/tiptap/styles.css";
import "@mantine/dropzone/styles.css";
import { useEffect, useState } from "react";
import { redirect, useFetcher, useNavigate } from "react-router";
import { CourseBuilder, type CourseSaveBody } from "~/features/courses/courses";
import {
  commandCourse,
  isCourseManager,
  loadCourseForBuilder,
  saveCourse,
  type CourseSaveAnswer,
} from "~/features/courses/courses.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { AppError } from "~/platform/errors";
import type { Route } from "./+types/course";
import { useTranslation } from "~/platform/i18n/use-translation";

const screenPath = "/dashboard/course";
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function courseId(params: { id?: string }): string | null {
  if (!params.id) return null;
  if (!uuid.test(params.id)) throw new AppError({ code: "route.notFound" });
  return params.id;
}

/** M1 the course builder (`/dashboard/course/{id}`); `/dashboard/course` leads to the course list. */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["courseBuilder"], async (database, request) => {
    await openDashboardSection(database, { ...request, pathname: screenPath });
    const id = courseId(args.params);
    if (id === null) throw redirect("/dashboard/instructor");
    const teaching = { database, account: request.account, viewer: request.viewer };
    return {
      ...(await loadCourseForBuilder(teaching, id)),
      currency: request.account.settings.currency ?? "USD",
      mediaScope: isCourseManager(request.viewer) ? ("all" as const) : ("own" as const),
    };
  });
}

/** M1 the builder's save (fields and curriculum, with its version) and its commands. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, { ...request, pathname: screenPath });
    const id = courseId(args.params);
    if (id === null) throw new AppError({ code: "route.notFound" });
    const teaching = {
      database,
      account: request.account,
      viewer: request.viewer,
      caches: request.caches,
    };
    const intent = (body as { intent?: unknown } | null)?.intent;
    if (intent === "save") return saveCourse(teaching, id, body);
    return commandCourse(teaching, { ...(body as object), id });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.editCourse.title",
    fallback: "Course",
  });
}

type Answer = CourseSaveAnswer | { ok: true; id: string | null } | { ok: false; code: string };

export default function Course({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const navigate = useNavigate();
  const [tab, setTab] = useState("details");
  const [handled, setHandled] = useState<Answer | undefined>(undefined);
  const [problem, setProblem] = useState<{ code: string; field?: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  if (data && data !== handled) {
    setHandled(data);
    if (data.ok) {
      setProblem(null);
      setNotice(t("courseBuilder.saved"));
    } else {
      setNotice(null);
      const field = "field" in data && typeof data.field === "string" ? data.field : undefined;
      setProblem({ code: data.code, field });
    }
  }
  const moved = data && data.ok && "id" in data && data.id && !("version" in data) ? data.id : null;
  useEffect(() => {
    if (moved) void navigate(`/dashboard/course/${moved}`);
  }, [moved, navigate]);
  return (
    <CourseBuilder
      // A save remounts the builder with what was stored (new lessons get their ids).
      key={`${loaderData.course.id}-${loaderData.course.version}`}
      data={loaderData}
      currency={loaderData.currency}
      mediaScope={loaderData.mediaScope}
      tab={tab}
      onTab={setTab}
      saving={fetcher.state !== "idle"}
      problem={problem}
      notice={notice}
      onSave={(body: CourseSaveBody) => {
        setNotice(null);
        void fetcher.submit(body, { method: "post", encType: "application/json" });
      }}
    />
  );
}
