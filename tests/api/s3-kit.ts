import { execFileSync, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * The S3-compatible server of the tests: OpenStack Swift's s3api (Debian python3-swift;
 * tests/api/s3-server.py) on a free 127.0.0.1 port. Used by tests/api/uploads-s3.test.ts and the
 * several-processes test (tests/cluster/run.ts).
 */
const PYTHON = "/usr/bin/python3";

/** Whether python3-swift is installed (apt-get install python3-swift). */
export function hasSwift(): boolean {
  try {
    execFileSync(PYTHON, ["-c", "import swift.common.middleware.s3api"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Its credentials (tempauth in s3-server.py). */
export const S3_CREDENTIALS = { accessKeyId: "test:tester", secretAccessKey: "testing" };

/** Swift with s3api over `dir` (the script binds port 0 and prints the one it got). */
export async function startObjectStore(dir: string) {
  // stdin stays an open pipe: the server exits when it closes, so an interrupted run leaves no server.
  const child = spawn(PYTHON, [fileURLToPath(new URL("./s3-server.py", import.meta.url)), dir], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stderr?.on("data", (d) => (stderr += d));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (d) => {
      stdout += d;
      if (stdout.includes("\n")) resolve(JSON.parse(stdout.split("\n")[0]).port);
    });
    child.once("exit", (code) => reject(new Error(`s3-server.py exited (${code}): ${stderr}`)));
  });
  return { child, port };
}
