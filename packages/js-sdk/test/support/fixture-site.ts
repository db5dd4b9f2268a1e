/** The repository's fixture web site (tests/fixture_site/serve.py) on a free loopback port. */
import { resolve } from "node:path";

import { REPO_ROOT, freePort, python } from "./env.js";
import { start, waitForHttp, type Started } from "./processes.js";

export interface FixtureSite {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startFixtureSite(): Promise<FixtureSite> {
  const port = await freePort();
  const proc: Started = start(python(), [resolve(REPO_ROOT, "tests/fixture_site/serve.py"), "--port", String(port)], {
    cwd: REPO_ROOT,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/`, 30_000, proc);
  return { baseUrl, stop: () => proc.stop() };
}
