import fs from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * README "Running several processes" shows deploy/haproxy.cfg whole, and tests/cluster/run.ts runs
 * that file: what an operator copies is what CI proved (issue 35 §6).
 */
describe("the README's HAProxy configuration", () => {
  it("is deploy/haproxy.cfg, the one the several-processes test runs", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const block = /```haproxy\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBe(fs.readFileSync("deploy/haproxy.cfg", "utf8"));
    expect(fs.readFileSync("tests/cluster/run.ts", "utf8")).toContain('"deploy/haproxy.cfg"');
  });
});
