import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FormSubmit } from "~/components/activity/form-submit";
import { SessionHead } from "~/components/class/session-links";
import { FactList } from "~/components/content/fact-list";
import { SettingInput } from "~/components/content/settings-form";
import { CsrfInput, SelectField } from "~/components/forms";
import { classOf, loadClass, sessionIdOf } from "~/lms/class-session.server";
import { liveChoices, loadLive, saveLive } from "~/lms/class-session-pages.server";
import { errorsAt, shownValue, type FormResult } from "~/lms/form-result";
import { takesLiveItem } from "../../contract/class-codes";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * A session's live page (curriculum/{sessionid}/live, docs/decisions/045): its type, and for a live
 * rerun (1) or an external conference (5) its link (http(s), at most config url-limit; a
 * conference needs one) and whether the recording may be played back. An information (0) or
 * classroom (3) session has no live details: the page says so and links its edit page, where the
 * type is changed. A live rerun also chooses the live item it replays (`live_id`, docs/decisions/070)
 * among the lives the account may see, and links to it. Read with the view flag; saved with the
 * change flag, not once cancelled.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await classOf(args, "view");
  const [klass, live] = await Promise.all([loadClass(page), loadLive(page, sessionIdOf(args))]);
  const canChange = page.can("change") && !klass.is_read_only;
  const lives = canChange && takesLiveItem(live.type) ? await liveChoices(page, live.live) : [];
  return data({ base: page.base, live, lives, canChange }, { headers: page.api.headers() });
}

export const action = (args: ActionFunctionArgs) => saveLive(args);

export default function SessionLivePage() {
  const { base, live, lives, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { result: FormResult; form?: string } | undefined;
  const { t } = useTranslation();
  const result = answer && answer.form !== "live" ? answer.result : null;
  const liveResult = answer?.form === "live" ? answer.result : null;
  const title = t("cls_live_title", { name: live.name });
  return (
    <div className="max-w-3xl space-y-4">
      <SessionHead base={base} session={live} current="live" canChange={canChange} title={title} />
      <FactList
        facts={[
          ["cls_col_type", t(`cls_session_type_${live.type}`)],
          ["cls_live_item", <LiveItem key="live" live={live} />],
        ]}
      />
      {canChange && takesLiveItem(live.type) ? (
        <Form
          method="post"
          noValidate
          aria-labelledby="live-item-title"
          className="space-y-4 rounded border border-slate-200 bg-white p-4"
        >
          <h3 id="live-item-title" className="text-base font-semibold text-slate-900">
            {t("cls_live_item_choose")}
          </h3>
          <CsrfInput />
          <input type="hidden" name="intent" value="live" />
          <SelectField
            id="live_id"
            name="live_id"
            label={t("cls_live_item")}
            help={lives.length ? t("cls_live_item_hint") : t("cls_live_item_no_choices")}
            emptyOption={t("cls_live_item_empty")}
            options={lives}
            errors={errorsAt(liveResult, "live_id")?.map((e) => t(e))}
            selectProps={{
              defaultValue: shownValue(
                liveResult,
                "live_id",
                live.live_id == null ? "" : String(live.live_id),
              ) as string,
            }}
          />
          <FormSubmit label={t("cls_live_item_save")} />
        </Form>
      ) : null}
      {!live.is_online ? (
        <p role="note" className="rounded border border-slate-300 bg-slate-50 p-4 text-sm text-slate-700">
          {t("cls_live_not_online")}{" "}
          {canChange ? (
            <a href={`${base}/curriculum/${live.id}/edit`} className="text-primary underline">
              {t("cls_live_change_type")}
            </a>
          ) : null}
        </p>
      ) : (
        <Form
          method="post"
          noValidate
          aria-label={title}
          className="space-y-4 rounded border border-slate-200 bg-white p-4"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="save" />
          <fieldset disabled={!canChange} className="space-y-4">
            <SettingInput
              field={{
                name: "url",
                label: t("cls_field_url"),
                kind: "text",
                hint: t(live.type === 5 ? "cls_live_url_hint_conference" : "cls_live_url_hint_rerun"),
                required: live.type === 5,
              }}
              saved={live.url}
              result={result}
            />
            <SettingInput
              field={{
                name: "is_playback",
                label: t("cls_field_is_playback"),
                kind: "checkbox",
                hint: t("cls_live_playback_hint"),
              }}
              saved={live.is_playback}
              result={result}
            />
          </fieldset>
          {canChange ? <FormSubmit label={t("action_save")} /> : null}
        </Form>
      )}
    </div>
  );
}

/** The live item: a link to its page, "none", or the id of one deleted since. */
function LiveItem({ live }: { live: { live_id: number | null; live: { id: number; name: string } | null } }) {
  const { t } = useTranslation();
  if (live.live) {
    return (
      <a href={`/dashboard/live/${live.live.id}`} className="text-primary underline">
        {live.live.name}
      </a>
    );
  }
  return <>{live.live_id == null ? t("cls_live_item_none") : t("cls_live_item_gone", { id: live.live_id })}</>;
}
