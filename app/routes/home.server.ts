import { data } from "@remix-run/node";
import { DEFAULT_HOME_PERIOD, HOME_PERIODS, type HomePeriod, type HomePeriodAnswer } from "../../contract/schemas/home";
import { requireScreen } from "~/lms/auth.server";
import { visibleMenu } from "~/lms/menu.server";
import { homeActions } from "~/lms/home-actions.server";

/** `?days=` of a home page: one of the offered periods; anything else falls back to the default. */
export function periodOf(request: Request): HomePeriod {
  const days = Number(new URL(request.url).searchParams.get("days"));
  return (HOME_PERIODS as readonly number[]).includes(days) ? (days as HomePeriod) : DEFAULT_HOME_PERIOD;
}

/**
 * The loader of both home pages: the screen's flag (from the registry), then the figures of the
 * chosen period from the API (and, on the learning home, the counts of what waits). The tabs are
 * the home section of the user's menu, so a tab shows exactly when its page would load.
 */
export async function loadHome<T>(
  args: { request: Request; context?: unknown },
  screenId: "home-learning" | "home-usage",
  apiPath: string,
) {
  const { request } = args;
  const { api, permission, config } = await requireScreen(args, screenId);
  const days = periodOf(request);
  // The learning home also counts what waits for the viewer and what happened on the period's days
  // (issue 33 item 13; home-actions.server.ts): the days are the API's answer, so they are asked after it.
  const { data: figures } = await api.get<T & HomePeriodAnswer>(apiPath, { query: { days } });
  const actions =
    screenId === "home-learning"
      ? await homeActions(api, permission, config, { date_from: figures.date_from, date_to: figures.date_to })
      : [];
  const tabs = visibleMenu(permission, config).find((g) => g.id === "home")?.links ?? [];
  return data({ days, periods: [...HOME_PERIODS], figures, actions, tabs, screenId }, { headers: api.headers() });
}
