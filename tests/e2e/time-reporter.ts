import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Where the e2e stage's time went (issue 34 §4): at the end of a run, each lane's busy time against
 * the run's wall time (a lane idle at the end waited on the other's last file), and the spec files
 * that took longest, per project. Printed after the list reporter's summary, so every CI log says
 * what to look at next without a second run.
 */
export default class TimeReporter implements Reporter {
  private started = Date.now();
  private byFile = new Map<string, number>();
  private byLane = new Map<number, { busy: number; end: number }>();

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name ?? "";
    const file = test.location.file.replace(/.*tests\/e2e\//, "");
    const key = `${file} [${project}]`;
    this.byFile.set(key, (this.byFile.get(key) ?? 0) + result.duration);
    const lane = this.byLane.get(result.parallelIndex) ?? { busy: 0, end: 0 };
    lane.busy += result.duration;
    lane.end = Math.max(lane.end, result.startTime.getTime() + result.duration);
    this.byLane.set(result.parallelIndex, lane);
  }

  onEnd(_result: FullResult) {
    const s = (ms: number) => `${Math.round(ms / 1000)} s`;
    const wall = Date.now() - this.started;
    const lines = [`== e2e time: wall ${s(wall)}`];
    for (const [index, lane] of [...this.byLane].sort((a, b) => a[0] - b[0]))
      lines.push(`  lane ${index}: tests ${s(lane.busy)}, last test ended at ${s(lane.end - this.started)}`);
    lines.push("  longest spec files (test time):");
    for (const [key, ms] of [...this.byFile].sort((a, b) => b[1] - a[1]).slice(0, 20))
      lines.push(`    ${s(ms).padStart(6)}  ${key}`);
    const total = [...this.byFile.values()].reduce((a, b) => a + b, 0);
    lines.push(`    ${s(total).padStart(6)}  all ${this.byFile.size} spec × project runs`);
    console.log(lines.join("\n"));
  }

  printsToStdio() {
    return true;
  }
}
