import type { LoaderFunctionArgs } from "@remix-run/node";
import type { Transaction } from "../../contract/schemas/identification";
import { contentFlag } from "~/registry/content.js";
import { itemId, requireContent, type Action } from "./content.server";
import { itemPaths, zoneOffset } from "./enrollment.server";
import { idParam } from "./invariant";

/**
 * The server half of the identification transaction pages (docs/decisions/021): the transaction
 * a page names by `:transactionid` (of this item, or 404), its API path and page URLs, and
 * whether the user may open its progress record (the content's progress flag).
 */
export const rowParam = (params: Record<string, string | undefined>, name: string): number => {
  return idParam(params[name]);
};

export async function loadTransaction(args: LoaderFunctionArgs, action: Action) {
  const { api, type, permission } = await requireContent(args, action);
  const paths = itemPaths(type, itemId(type, args.params));
  const transactionId = rowParam(args.params, "transactionid");
  const apiPath = `${paths.api}identification/transaction/${transactionId}/`;
  const res = await api.get<Transaction>(apiPath, { accept: [404] });
  if (res.status === 404) throw new Response("Not Found", { status: 404, headers: api.headers() });
  const base = `${paths.base}/identification/${transactionId}`;
  const tx = res.data;
  const canProgress = !!permission.permission[contentFlag(type, "progress")];
  return {
    api,
    apiPath,
    // What every transaction page shows above its own part (TransactionHeader).
    header: {
      tx,
      offset: await zoneOffset(),
      item: paths.base,
      list: `${paths.base}/identification`,
      base,
      progress: canProgress && tx.progress_id !== null ? `${base}/${tx.progress_id}` : null,
    },
  };
}
