import type { FastifyInstance } from "fastify";

/**
 * A scheduled job of the API process (the auto-assignment rounds, the abandoned-upload cleanup):
 * `tick` every `everyMs` from the moment the API is ready, never two at once (a slow tick is
 * skipped over, not stacked), its failure logged rather than fatal, stopped on close, and never
 * keeping the process alive. `offVariable=off` in the environment switches it off.
 */
export function runEvery(
  app: FastifyInstance,
  job: { name: string; everyMs: number; offVariable: string; tick: () => Promise<unknown> },
) {
  let timer: NodeJS.Timeout | null = null;
  let busy = false;
  const run = async () => {
    if (busy) return;
    busy = true;
    try {
      await job.tick();
    } catch (err) {
      app.log.error({ err }, `${job.name} tick failed`);
    } finally {
      busy = false;
    }
  };
  app.addHook("onReady", async () => {
    if (process.env[job.offVariable] === "off") return;
    timer = setInterval(() => void run(), job.everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });
}
