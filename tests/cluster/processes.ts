import { execFileSync, spawn, type ChildProcess } from "node:child_process";

/**
 * The processes of the several-processes test (tests/cluster/run.ts): each side started as an
 * operator would (`tsx scripts/start.ts --api|--dashboard`, supervised), the balancer, and the
 * pid of whatever listens on a port — the server process itself, under its supervisor, which is
 * what `kill -9` aims at.
 */
export type Proc = { name: string; child: ChildProcess; output: string[] };

export function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const output: string[] = [];
  const keep = (d: Buffer) => {
    output.push(
      ...String(d)
        .split("\n")
        .filter(Boolean)
        .map((l) => `[${name}] ${l}`),
    );
    if (output.length > 400) output.splice(0, output.length - 400);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { name, child, output };
}

/** SIGTERM to the process (its supervisor stops its children), SIGKILL to its group after `graceMs`. */
export async function stopProcess(p: Proc, graceMs = 15_000): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => p.child.once("exit", () => r()));
  p.child.kill("SIGTERM");
  const timer = setTimeout(() => {
    try {
      process.kill(-p.child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/** The pid listening on 127.0.0.1:`port` (ss from iproute2), or null. */
export function listenerPid(port: number): number | null {
  const out = execFileSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8" });
  const m = /pid=(\d+)/.exec(out);
  return m ? Number(m[1]) : null;
}

/** Until `url` answers 200, or throw after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(3_000) })).status === 200) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
