#!/usr/bin/env node
// browsy-ai (TypeScript SDK) figures, printed (not asserted):
//   1. cold start of BrowsyContext: spawn `browsy serve` → /health → first tool result;
//   2. per-call overhead of the SDK over raw HTTP (fetch with the same session header), side by side,
//      on the same running server, calls interleaved.
// Needs the built SDK (`npm run build -w browsy-ai`) and the uv venv (`make setup`).
// Run: node benchmarks/js_sdk_overhead.mjs [--calls N] [--cold K]
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { BrowsyClient, BrowsyContext } = await import(resolve(root, "packages/js-sdk/dist/index.js"));

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const CALLS = arg("--calls", 300);
const COLD = arg("--cold", 3);
const browsyBin = process.env.BROWSY_BIN ?? resolve(root, ".venv/bin/browsy");
const python = process.env.BROWSY_PYTHON ?? resolve(root, ".venv/bin/python");

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ms = (ns) => Number(ns) / 1e6;
const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fmt = (x) => x.toFixed(2).padStart(8);

async function startFixtureSite() {
  const port = await freePort();
  const child = spawn(python, [resolve(root, "tests/fixture_site/serve.py"), "--port", String(port)], {
    cwd: root,
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(url);
      return { url, stop: () => child.kill("SIGTERM") };
    } catch {
      await sleep(100);
    }
  }
  throw new Error("fixture site did not start");
}

const site = await startFixtureSite();
const page = `${site.url}/articles/1`;
try {
  console.log(`browsy-ai SDK benchmark (node ${process.version}, ${CALLS} calls per method, ${COLD} cold starts)`);
  console.log("\n1. Cold start of BrowsyContext: spawn browsy serve → healthy → first browse result");
  const colds = [];
  for (let i = 0; i < COLD; i++) {
    const ctx = new BrowsyContext({ port: await freePort(), allowPrivateNetwork: true, binary: browsyBin, serverTimeout: 120_000 });
    const t0 = process.hrtime.bigint();
    await ctx.ensureServer();
    const t1 = process.hrtime.bigint();
    const first = await ctx.executeToolCall("browse", { url: page });
    const t2 = process.hrtime.bigint();
    if (!first.includes("title:")) throw new Error(`unexpected first result: ${first.slice(0, 200)}`);
    colds.push({ healthy: ms(t1 - t0), first: ms(t2 - t1), total: ms(t2 - t0) });
    await ctx.close();
  }
  console.log("   run   spawn→healthy   first call      total  (ms)");
  colds.forEach((c, i) => console.log(`   ${i + 1}    ${fmt(c.healthy)}       ${fmt(c.first)}   ${fmt(c.total)}`));

  console.log(`\n2. Per-call cost on a running server (${page}), median / p95 in ms`);
  const ctx = new BrowsyContext({ port: await freePort(), allowPrivateNetwork: true, binary: browsyBin, serverTimeout: 120_000 });
  await ctx.ensureServer();
  await ctx.executeToolCall("browse", { url: page }, "bench");
  const session = ctx.sessions.get("bench");
  const client = new BrowsyClient(ctx.port);
  const base = `http://127.0.0.1:${ctx.port}`;
  const methods = {
    "raw fetch (GET /api/page-info)": async () => {
      const r = await fetch(`${base}/api/page-info`, { headers: { "X-Browsy-Session": session } });
      return JSON.parse(await r.text());
    },
    "BrowsyClient.pageInfo": () => client.pageInfo(session),
    "BrowsyContext.executeToolCall": () => ctx.executeToolCall("page_info", {}, "bench"),
    "raw fetch (GET /api/page compact)": async () => (await fetch(`${base}/api/page`, { headers: { "X-Browsy-Session": session } })).text(),
    "BrowsyClient.getPage": () => client.getPage({}, session),
    "BrowsyContext get_page": () => ctx.executeToolCall("get_page", {}, "bench"),
  };
  const samples = Object.fromEntries(Object.keys(methods).map((k) => [k, []]));
  for (let i = 0; i < 20; i++) for (const fn of Object.values(methods)) await fn(); // warm-up
  for (let i = 0; i < CALLS; i++) {
    for (const [name, fn] of Object.entries(methods)) {
      const t0 = process.hrtime.bigint();
      await fn();
      samples[name].push(ms(process.hrtime.bigint() - t0));
    }
  }
  const median = (name) => quantile(samples[name], 0.5);
  for (const name of Object.keys(methods)) {
    console.log(`   ${name.padEnd(36)} ${fmt(median(name))} ${fmt(quantile(samples[name], 0.95))}`);
  }
  const over = (sdk, raw) => `${(median(sdk) - median(raw)).toFixed(3)} ms`;
  console.log(`   SDK overhead (median): client ${over("BrowsyClient.pageInfo", "raw fetch (GET /api/page-info)")}, ` +
    `context ${over("BrowsyContext.executeToolCall", "raw fetch (GET /api/page-info)")} (page-info); ` +
    `client ${over("BrowsyClient.getPage", "raw fetch (GET /api/page compact)")}, ` +
    `context ${over("BrowsyContext get_page", "raw fetch (GET /api/page compact)")} (page)`);
  await ctx.close();
} finally {
  site.stop();
}
