import type { FastifyInstance, FastifyRequest } from "fastify";
import { TERM_KINDS, type TermKind } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import { requireUser } from "../auth/permissions";
import type { ApiContext } from "../http/context";
import { ApiError, badRequest, notFound } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";

/** Where each terms document lives under /api/ (spec 002 §7: term/privacy/, term/, term/data-consent/). */
const TERM_PATHS: Record<TermKind, string> = {
  privacy: "/term/privacy",
  terms: "/term",
  data_consent: "/term/data-consent",
};

/** Ids are integer columns in both dialects: anything larger cannot name a row (and would make PostgreSQL fail). */
const MAX_DB_ID = 2_147_483_647;

const termNotFound = () => new ApiError(404, { detail: MSG.term_not_found });

/**
 * The three terms documents (privacy notice, terms and conditions, data consent): the published
 * versions newest first, one published version, and the signed-in user's acceptance of the latest
 * one, which is what the user record's is_accepted_* flags report (api/auth/profile.ts).
 */
export function termRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  const published = (kind: TermKind) =>
    db
      .selectFrom("term_document")
      .select(["id", "kind", "topic", "body", "version", "is_publish", "datetime_publish"])
      .where("kind", "=", kind)
      .where("is_publish", "=", 1);

  /** The ids among `ids` the account has accepted (none when nobody is signed in). */
  const acceptedIds = async (req: FastifyRequest, ids: number[]): Promise<Set<number>> => {
    if (!req.account || ids.length === 0) return new Set();
    const rows = await db
      .selectFrom("term_acceptance")
      .select("term_document_id")
      .where("account_id", "=", req.account.id)
      .where("term_document_id", "in", ids)
      .execute();
    return new Set(rows.map((r) => r.term_document_id));
  };

  type Row = Awaited<ReturnType<ReturnType<typeof published>["executeTakeFirstOrThrow"]>>;
  const present = (r: Row, accepted: Set<number>) => ({
    id: r.id,
    kind: r.kind,
    topic: r.topic,
    body: r.body,
    version: r.version,
    is_publish: r.is_publish === 1,
    datetime_publish: r.datetime_publish,
    is_accepted: accepted.has(r.id),
  });

  /** One published document of the kind, or the 404 of the contract. */
  const findPublished = async (kind: TermKind, rawId: string) => {
    const id = Number(rawId);
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_DB_ID) throw termNotFound();
    const row = await published(kind).where("id", "=", id).executeTakeFirst();
    if (!row) throw termNotFound();
    return row;
  };

  for (const kind of TERM_KINDS) {
    const base = TERM_PATHS[kind];

    // The published versions, newest first. Nothing published answers 404, which the dashboard ignores.
    app.get(`${base}/`, async (req) => {
      const q = readPageQuery(req);
      const page = await paginate(req, published(kind).orderBy("version", "desc").orderBy("id", "desc"), q);
      if (page.count === 0) throw notFound();
      const accepted = await acceptedIds(
        req,
        page.results.map((r) => r.id),
      );
      return { ...page, results: page.results.map((r) => present(r, accepted)) };
    });

    app.get<{ Params: { id: string } }>(`${base}/:id(^\\d+)/`, async (req) => {
      const row = await findPublished(kind, req.params.id);
      return present(row, await acceptedIds(req, [row.id]));
    });

    // Accepting is only possible for the latest published version: an older one is out of date.
    app.post<{ Params: { id: string } }>(`${base}/:id(^\\d+)/accept/`, async (req) => {
      const account = requireUser(req);
      const row = await findPublished(kind, req.params.id);
      const latest = await published(kind).orderBy("version", "desc").limit(1).executeTakeFirstOrThrow();
      if (latest.id !== row.id) throw badRequest({ detail: MSG.term_version_outdated });
      await db
        .insertInto("term_acceptance")
        .values({ account_id: account.id, term_document_id: row.id, datetime_create: ctx.now().toISOString() })
        .onConflict((oc) => oc.columns(["account_id", "term_document_id"]).doNothing())
        .execute();
      return { is_accepted: true };
    });
  }
}
