import type { FastifyRequest } from "fastify";
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type KyselyPlugin,
  type SelectQueryBuilder,
} from "kysely";
import { z } from "../../contract/zod";
import { text } from "../../contract/schemas/text";
import { COUNT_CAP, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Paged } from "../../contract/http";
import { ORDERING_KEY, PAGE_KEY, PAGE_SIZE_KEY, SEARCH_KEY } from "../../contract/list-query";
import { ApiError, parseInput } from "./errors";
import { MSG } from "../../contract/messages";

export const pageQuerySchema = z.object({
  [PAGE_KEY]: z.coerce.number().int().min(1).default(1),
  [PAGE_SIZE_KEY]: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  [SEARCH_KEY]: text().trim().max(200).optional(),
  [ORDERING_KEY]: z.string().max(100).optional(),
  /** Comma-separated ids, for the filter lists' `id_list`. */
  id_list: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
  id: z.coerce.number().int().positive().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The largest id a database row has (a 32-bit serial): larger asks for nothing that exists. */
export const MAX_DB_ID = 2_147_483_647;
export const isDbId = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_DB_ID;
/** `id_list`'s ids (spec 002 §7), each once, those that can name a row. */
export const idListOf = (idList: string) => [...new Set(idList.split(",").map(Number))].filter(isDbId);

export const readPageQuery = (req: FastifyRequest): PageQuery => parseInput(pageQuerySchema, req.query);

/** The `next` link of a paged answer: the same URL with the page advanced. */
function nextUrl(req: FastifyRequest, page: number): string {
  const url = new URL(req.url, "http://local");
  url.searchParams.set(PAGE_KEY, String(page));
  return `${url.pathname}${url.search}`;
}

/**
 * Builds query nodes only (never runs anything): operation nodes are the same in both dialects,
 * and the query that runs them compiles them with its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const nodes = new Kysely<any>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/**
 * How many rows `query` yields, counting no further than `limit`: `select count(*) from (query
 * limit n)`, run on the query's own connection (a plugin hands its executor the counting query in
 * place of the list query), so its cost is bounded whatever the table holds (docs/decisions/016).
 */
export async function countUpTo<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  limit: number,
): Promise<number> {
  const limited = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as("one"))
    .limit(limit);
  const counting = nodes
    .selectFrom(limited.as("c"))
    .select((eb) => eb.fn.countAll().as("count"))
    .toOperationNode();
  const swap: KyselyPlugin = { transformQuery: () => counting, transformResult: async ({ result }) => result };
  const [row] = (await limited.withPlugin(swap).execute()) as unknown as { count: number | string }[];
  return Number(row?.count ?? 0);
}

/**
 * Run a list query as the contract's paged answer. A page past the end answers 404 with the
 * list's `count` and `page_size` beside `detail` (exact there: the count reaches the page asked
 * for), from which the dashboard sends the browser straight to the last page (spec 002 §8,
 * docs/decisions/026). The count is exact up to COUNT_CAP
 * rows or the end of the page asked for, whichever is further; past that the answer carries
 * `count_capped: true` and `count` is that bound (an unbounded COUNT costs in proportion to the
 * table: 10–100 ms at a million rows, seconds with a search).
 */
export async function paginate<DB, TB extends keyof DB, O>(
  req: FastifyRequest,
  query: SelectQueryBuilder<DB, TB, O>,
  q: Pick<PageQuery, "page" | "page_size">,
): Promise<Paged<O>> {
  const bound = Math.max(COUNT_CAP, q.page * q.page_size);
  const counted = await countUpTo(query, bound + 1);
  const capped = counted > bound;
  const count = Math.min(counted, bound);
  if (q.page > 1 && (q.page - 1) * q.page_size >= count)
    throw new ApiError(404, { detail: MSG.not_found, count, page_size: q.page_size });
  const results = await query
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  const hasNext = capped || q.page * q.page_size < count;
  return {
    results,
    count,
    page_size: q.page_size,
    next: hasNext ? nextUrl(req, q.page + 1) : null,
    page: q.page,
    ...(capped ? { count_capped: true } : {}),
  };
}
