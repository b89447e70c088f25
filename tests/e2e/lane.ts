/**
 * The e2e suite runs in lanes, one per Playwright worker (docs/decisions/085): each lane has its
 * own API, dashboard and seeded database, so two workers never see each other's writes. The runner
 * (playwright.config.ts) starts every lane's servers; a worker finds its own by its
 * TEST_PARALLEL_INDEX (0 … workers-1, kept when a worker is replaced after a failure), and the
 * runner process, which has none, is lane 0.
 *
 * Lane i listens on E2E_PORT + i (dashboard) and E2E_API_PORT + i (API) and keeps its data in
 * E2E_DATA_DIR, suffixed "-i" after the first; E2E_WORKERS says how many lanes (default 2).
 */
export const LANES = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 1);

const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_API_PORT = Number(process.env.E2E_API_PORT ?? 8210);
const BASE_DATA_DIR = process.env.E2E_DATA_DIR ?? "./.e2e-data";

export type Lane = { index: number; port: number; apiPort: number; dataDir: string };
export const laneOf = (index: number): Lane => ({
  index,
  port: BASE_PORT + index,
  apiPort: BASE_API_PORT + index,
  dataDir: index === 0 ? BASE_DATA_DIR : `${BASE_DATA_DIR}-${index}`,
});

/** This process's lane. */
export const LANE = laneOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
