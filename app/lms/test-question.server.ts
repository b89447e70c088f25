import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { switchesOn } from "../../contract/config";
import { BASE_TEST_TYPES, TEST_TYPE_SWITCH, TEST_TYPES } from "../../contract/test-codes";
import type { TestQuestion, TestSection } from "../../contract/schemas/test";
import { optionsFor } from "./content.server";
import { formId, itemPage, type ItemPage } from "./item-page.server";
import { idParam, invariantResponse } from "./invariant";
import { newIdempotencyKey, postedIdempotencyKey } from "./idempotency.server";
import {
  choiceSchema,
  done,
  questionCreateSchema,
  questionMoveSchema,
  questionUpdateSchema,
  sendForm,
  testPost,
} from "./test.server";

/**
 * The question editor's server half (docs/decisions/064), one for both owners of the question
 * store: a test section (`/test/{id}/section/{sectionid}/question/{number?}`, the test's flags)
 * and a bank (`/testbank/{id}/question/{number?}`, the bank's flags). Which one is the route's:
 * a `sectionid` parameter names a section.
 */

/** Where the owner's questions are: its API path and its page's URL. */
function ownerOf(page: ItemPage, params: Record<string, string | undefined>) {
  if (params.sectionid === undefined) return { api: page.apiBase, url: `${page.base}/question`, section: null };
  const section = idParam(params.sectionid);
  return { api: `${page.apiBase}section/${section}/`, url: `${page.base}/section/${section}/question`, section };
}

/** The question number of the route, or null on the list page. */
const numberOf = (params: Record<string, string | undefined>) =>
  params.number === undefined ? null : idParam(params.number);

export async function questionEditorLoader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const owner = ownerOf(page, args.params);
  const number = numberOf(args.params);
  const [{ data: list }, section, tags, bank] = await Promise.all([
    page.api.get<{ results: TestQuestion[] }>(`${owner.api}question/`),
    owner.section === null ? Promise.resolve(null) : page.api.get<TestSection>(owner.api).then((r) => r.data),
    optionsFor(page.api, "tag/type/GENERAL", "tag_list"),
    // A bank's questions are of its type (the API takes it): the only one offered.
    owner.section === null
      ? page.api.get<{ type_question: number }>(page.apiBase).then((r) => r.data)
      : Promise.resolve(null),
  ]);
  const question = number === null ? null : list.results.find((q) => q.number === number);
  invariantResponse(number === null || question, "Not Found", { status: 404 });
  // Test types 1 and 4 always; 2, 3 and 6 by their configuration switch (spec 001 §4).
  const types = TEST_TYPES.filter((ty) =>
    bank ? ty === bank.type_question : BASE_TEST_TYPES.includes(ty) || switchesOn(page.config, [TEST_TYPE_SWITCH[ty]!]),
  );
  return data(
    {
      questions: list.results,
      question: question ?? null,
      section,
      url: owner.url,
      sectionsUrl: owner.section === null ? null : `${page.base}/section/${owner.section}`,
      types,
      tags,
      canChange: page.can("change"),
      // The add forms' keys, one each (they post to two addresses): a retried post adds once (docs/decisions/094).
      idempotencyKeys: { question: newIdempotencyKey(), choice: newIdempotencyKey() },
    },
    { headers: page.api.headers() },
  );
}

export async function questionEditorAction(args: ActionFunctionArgs) {
  const { page, form, intent, refused } = await testPost(args);
  if (refused) return refused;
  const owner = ownerOf(page, args.params);
  const number = numberOf(args.params);
  const api = page.api;
  if (intent === "create") {
    const { refused: bad, sent } = await sendForm(
      "create",
      form,
      questionCreateSchema,
      (v) => api.post(`${owner.api}question/`, v, { accept: [400], idempotencyKey: postedIdempotencyKey(form) }),
      page,
    );
    return bad ?? done(page, `${owner.url}/${(sent.data as { number: number }).number}`, "tsq_toast_question_added");
  }
  invariantResponse(number !== null, "Bad Request");
  const one = `${owner.api}question/${number}/`;
  if (intent === "save") {
    const { refused: bad } = await sendForm(
      "save",
      form,
      questionUpdateSchema,
      (v) => api.patch(one, v, { accept: [400] }),
      page,
    );
    return bad ?? done(page, `${owner.url}/${number}`, "tsq_toast_question_saved");
  }
  if (intent === "move") {
    const { refused: bad, sent } = await sendForm(
      "move",
      form,
      questionMoveSchema,
      (v) => api.post(`${one}move/`, v, { accept: [400] }),
      page,
    );
    return bad ?? done(page, `${owner.url}/${(sent.data as { number: number }).number}`, "tsq_toast_moved");
  }
  if (intent === "delete") {
    await api.delete(one);
    return done(page, owner.url, "tsq_toast_question_deleted");
  }
  if (intent === "choice-add") {
    const { refused: bad } = await sendForm(
      "choice-add",
      form,
      choiceSchema,
      (v) => api.post(`${one}choice/`, v, { accept: [400], idempotencyKey: postedIdempotencyKey(form) }),
      page,
    );
    return bad ?? done(page, `${owner.url}/${number}`, "tsq_toast_choice_added");
  }
  // A choice's save form names it `choice`; the delete's confirmation step posts its `id`.
  const choice = formId(form, intent === "choice-delete" ? "id" : "choice");
  if (intent === "choice-save") {
    const { refused: bad } = await sendForm(
      `choice-${choice}`,
      form,
      choiceSchema,
      (v) => api.patch(`${one}choice/${choice}/`, v, { accept: [400] }),
      page,
    );
    return bad ?? done(page, `${owner.url}/${number}`, "tsq_toast_choice_saved");
  }
  invariantResponse(intent === "choice-delete", "Bad Request");
  await api.delete(`${one}choice/${choice}/`);
  return done(page, `${owner.url}/${number}`, "tsq_toast_choice_deleted");
}
