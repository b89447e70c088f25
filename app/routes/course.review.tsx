import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Course } from "../../contract/schemas/course";
import { itemId, requireContent } from "~/lms/content.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

/** The course as a learner would see it (the information tab's review sub-page). */
export async function loader(args: LoaderFunctionArgs) {
  const { params } = args;
  const { api, type } = await requireContent(args, "view");
  const { data: course } = await api.get<Course>(`${type.api}${itemId(type, params)}/`);
  return data({ course }, { headers: api.headers() });
}

export default function CourseReview() {
  const { course } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="max-w-3xl overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {course.image ? (
        <img src={course.image} alt="" width={800} height={450} className="aspect-video w-full object-cover" />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center bg-slate-100 text-slate-600">
          {t("no_cover_image")}
        </div>
      )}
      <div className="space-y-4 p-6">
        <p className="text-sm text-slate-600">
          {course.category?.name} · {course.provider?.name}
        </p>
        <h2 className="text-2xl font-semibold">{course.name}</h2>
        {course.instructor_list.length ? (
          <p className="text-sm">
            <span className="font-medium">{t("field_instructor_list")}: </span>
            {course.instructor_list.map((i) => i.name).join(", ")}
          </p>
        ) : null}
        {course.tag_list.length ? (
          <ul className="flex flex-wrap gap-2" aria-label={t("field_tag_list")}>
            {course.tag_list.map((tag) => (
              <li key={tag.id} className="rounded-full bg-slate-100 px-3 py-0.5 text-xs text-slate-700">
                {tag.name}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="whitespace-pre-line leading-relaxed text-slate-800">{course.desc || t("no_description")}</div>
        <p className="border-t pt-4 text-sm text-slate-600">{t("section_count", { count: course.section_count })}</p>
      </div>
    </article>
  );
}
