import type { FastifyRequest } from "fastify";
import type { SelectQueryBuilder } from "kysely";
import { z } from "../../contract/zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Paged } from "../../contract/http";
import { notFound, parseInput } from "./errors";

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  ordering: z.string().max(100).optional(),
  /** Comma-separated ids, for the filter lists' `id_list`. */
  id_list: z.string().regex(/^\d+(,\d+)*$/).optional(),
  id: z.coerce.number().int().positive().optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const readPageQuery = (req: FastifyRequest): PageQuery => parseInput(pageQuerySchema, req.query);

/** The `next` link of a paged answer: the same URL with the page advanced. */
function nextUrl(req: FastifyRequest, page: number): string {
  const url = new URL(req.url, "http://local");
  url.searchParams.set("page", String(page));
  return `${url.pathname}${url.search}`;
}

/**
 * Run a list query as the contract's paged answer. A page past the end answers 404, which the
 * dashboard reacts to by going back one page (spec 002 §8).
 */
export async function paginate<DB, TB extends keyof DB, O>(
  req: FastifyRequest,
  query: SelectQueryBuilder<DB, TB, O>,
  q: Pick<PageQuery, "page" | "page_size">,
): Promise<Paged<O>> {
  const countRow = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirst();
  const count = Number((countRow as { count?: number } | undefined)?.count ?? 0);
  if (q.page > 1 && (q.page - 1) * q.page_size >= count) throw notFound();
  const results = await query.limit(q.page_size).offset((q.page - 1) * q.page_size).execute();
  const hasNext = q.page * q.page_size < count;
  return { results, count, page_size: q.page_size, next: hasNext ? nextUrl(req, q.page + 1) : null, page: q.page };
}
