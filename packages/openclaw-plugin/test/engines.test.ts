/**
 * The `engines` floor both packages publish (Node >= 20) is real: their built dist runs on a Node of that
 * major version — every subpath of browsy-ai imports, a BrowsyContext starts the real `browsy serve` and a
 * generated client method calls it, and this plugin registers with a minimal host and runs a tool.
 * Uses FLOOR_NODE, else /usr/bin/node when it is that major version; skips with the reason otherwise.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { REPO_ROOT, browsyBin, freePort } from "../../js-sdk/test/support/env.js";
import { startFixtureSite, type FixtureSite } from "../../js-sdk/test/support/fixture-site.js";

const engines = (pkg: string) =>
  (JSON.parse(readFileSync(resolve(REPO_ROOT, "packages", pkg, "package.json"), "utf8")) as { engines: { node: string } })
    .engines.node;
const FLOOR = engines("js-sdk");
const floorMajor = Number(/^>=(\d+)$/.exec(FLOOR)?.[1]);

function floorNode(): { bin?: string; why?: string } {
  const bin = process.env.FLOOR_NODE ?? "/usr/bin/node";
  if (!existsSync(bin)) return { why: `no Node at ${bin} (set FLOOR_NODE to a Node ${floorMajor} binary)` };
  const version = execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
  if (Number(version.slice(1).split(".")[0]) !== floorMajor) {
    return { why: `${bin} is ${version}, not Node ${floorMajor} (set FLOOR_NODE to a Node ${floorMajor} binary)` };
  }
  return { bin };
}

const node = floorNode();
if (node.why) console.log(`skipping the engines floor check: ${node.why}`);

const SCRIPT = `
const [sdkDir, pluginDir, site, port, pluginPort] = process.argv.slice(1);
const sdk = await import(sdkDir + "/dist/index.js");
for (const sub of ["langchain", "openai", "vercel-ai"]) await import(sdkDir + "/dist/" + sub + ".js");
const ctx = new sdk.BrowsyContext({ port: Number(port), allowPrivateNetwork: true, serverTimeout: 60000 });
const out = {};
try {
  await ctx.ensureServer();
  const client = new sdk.BrowsyClient({ port: Number(port), token: ctx.server.token });
  const page = await client.browse({ url: site + "/login" });
  out.info = (await client.pageInfo(page.session)).body.page_type;
  out.code = await client.tables().catch((e) => e.code);
} finally { await ctx.close(); }
const { register } = await import(pluginDir + "/dist/index.js");
const host = { hooks: new Map(), services: new Map(),
  registerHook(n, h) { this.hooks.set(n, h); }, registerService(n, s) { this.services.set(n, s); },
  registerGatewayMethod() {}, registerCommand() {} };
register(host, { port: Number(pluginPort), allowPrivateNetwork: true, serverTimeout: 60000 });
await host.services.get("browsy-server").start();
try {
  const agent = { id: "floor", tools: [] };
  host.hooks.get("agent:bootstrap")({ agent });
  const browse = agent.tools.find((t) => t.name === "browsy_browse");
  out.plugin = String(await browse.execute({ url: site + "/login" })).split("\\n")[0];
} finally { await host.services.get("browsy-server").stop(); }
console.log(JSON.stringify(out));
`;

describe.skipIf(!node.bin)(`the engines floor (${FLOOR})`, () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("both packages declare the same floor", () => {
    expect(engines("openclaw-plugin")).toBe(FLOOR);
  });

  it(`the built packages run on Node ${floorMajor}`, { timeout: 120_000 }, async () => {
    const args = [
      "--input-type=module",
      "-e",
      SCRIPT,
      resolve(REPO_ROOT, "packages/js-sdk"),
      resolve(REPO_ROOT, "packages/openclaw-plugin"),
      site.baseUrl,
      String(await freePort()),
      String(await freePort()),
    ];
    const out = execFileSync(node.bin!, args, { encoding: "utf8", env: { ...process.env, BROWSY_BIN: browsyBin() } });
    expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({ info: "Login", code: "no_page", plugin: "title: Sign in" });
  });
});
