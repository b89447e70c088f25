import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SessionPage } from "~/components/class/session-page";
import { SessionLinks } from "~/components/class/session-links";
import {
  classOf,
  classPost,
  loadClass,
  loadSession,
  sessionChoices,
  sessionConstraint,
  sessionIdOf,
  writeSession,
} from "~/lms/class-session.server";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * Edit one session of a class (curriculum/{sessionid}/edit): its form with what is saved, PATCH
 * session/{id}/ with the same rules and overlap confirmation as adding one. A session of another
 * class is a 404; a cancelled class's session is shown read-only.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await classOf(args, "change");
  const [klass, session, choices] = await Promise.all([
    loadClass(page),
    loadSession(page, sessionIdOf(args)),
    sessionChoices(page),
  ]);
  return data(
    { base: page.base, session, canChange: !klass.is_read_only, choices, constraint: sessionConstraint(page) },
    { headers: page.api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const post = await classPost(args);
  if (post.refused) return post.refused;
  invariantResponse(post.intent === "save", "Bad Request");
  return writeSession(post.page, post.form, sessionIdOf(args));
}

export default function SessionEdit() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <SessionPage
      {...d}
      heading={t("cls_edit_named", { name: d.session.name })}
      answer={answer ?? null}
      submitLabel={t("action_save")}
      nav={<SessionLinks base={d.base} session={d.session.id} current="edit" canChange name={d.session.name} />}
    />
  );
}
