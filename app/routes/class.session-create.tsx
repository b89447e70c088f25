import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SessionPage } from "~/components/class/session-page";
import { IdempotencyInput } from "~/components/idempotency-input";
import {
  classOf,
  classPost,
  loadClass,
  sessionChoices,
  sessionConstraint,
  writeSession,
} from "~/lms/class-session.server";
import { invariantResponse } from "~/lms/invariant";
import { newIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * Add a session to a class (curriculum/create; spec 001 §3 "Session and schedule"): the session
 * form, POST session/. An overlap with the class's other sessions comes back as its confirmation
 * (the form again with the clashing sessions and "save anyway"). Needs the change flag.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await classOf(args, "change");
  const [klass, choices] = await Promise.all([loadClass(page), sessionChoices(page)]);
  return data(
    // The form's key: a post retried after its answer was lost adds one session (docs/decisions/094).
    {
      base: page.base,
      canChange: !klass.is_read_only,
      choices,
      constraint: sessionConstraint(page),
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: page.api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const post = await classPost(args);
  if (post.refused) return post.refused;
  invariantResponse(post.intent === "save", "Bad Request");
  return writeSession(post.page, post.form, null);
}

export default function SessionCreate() {
  const { idempotencyKey, ...d } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <>
      <SessionPage
        {...d}
        heading={t("cls_session_create")}
        answer={answer ?? null}
        submitLabel={t("cls_session_create")}
      />
      {/* Posted with the form (its `form` attribute, the new session form's id): the edit page's has no key. */}
      <IdempotencyInput form="session-new" value={idempotencyKey} />
    </>
  );
}
