import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";

import * as browsyAi from "browsy-ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import entry, { BrowsyContext, BrowsyPluginConfigSchema, register, type BrowsyStatus, type InjectedTool } from "../src/index.js";
import { browsyBin, freePort } from "../../js-sdk/test/support/env.js";
import { startFixtureSite, type FixtureSite } from "../../js-sdk/test/support/fixture-site.js";
import { expectDashboardTables, signInAndReadTables } from "../../js-sdk/test/support/flow.js";
import { RecordingHost } from "./host.js";

const pluginDir = resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(resolve(pluginDir, "openclaw.plugin.json"), "utf8"));

let site: FixtureSite;
let host: RecordingHost;
let port: number;

beforeAll(async () => {
  process.env.BROWSY_BIN = browsyBin();
  site = await startFixtureSite();
  port = await freePort();
  host = new RecordingHost();
  register(host, { port, allowPrivateNetwork: true, serverTimeout: 60_000 });
  await host.services.get("browsy-server")!.start!();
});

afterAll(async () => {
  await host?.services.get("browsy-server")?.stop?.();
  await site?.stop();
});

const status = () => host.gatewayMethods.get("browsy.status")!() as Promise<BrowsyStatus>;
const bootstrap = (agentId: string): InjectedTool[] => {
  const agent = { id: agentId, tools: [] as InjectedTool[] };
  host.hooks.get("agent:bootstrap")!({ agent });
  return agent.tools;
};
const callerFor = (tools: InjectedTool[]) => (tool: string, params: object) =>
  tools.find((t) => t.name === `browsy_${tool}`)!.execute(params);

describe("register(api) with the minimal four-method plugin API", () => {
  it("registers both hooks, the service, both gateway methods and both commands", () => {
    expect([...host.hooks.keys()].sort()).toEqual(["agent:bootstrap", "preToolExecution"]);
    expect([...host.services.keys()]).toEqual(["browsy-server"]);
    expect([...host.gatewayMethods.keys()].sort()).toEqual(["browsy.restart", "browsy.status"]);
    expect([...host.commands.keys()].sort()).toEqual(["/browsy-sessions", "/browsy-status"]);
  });

  it("the service started a real browsy server", async () => {
    const s = await status();
    expect(s).toMatchObject({ running: true, port, managed: true, preferBrowsy: true });
    expect(s.pid).toBeGreaterThan(0);
  });

  it("agent:bootstrap injects the tools, which run login → 2FA → tables in the agent's own session", async () => {
    const alice = bootstrap("alice");
    expect(alice.map((t) => t.name)).toEqual(manifest.contracts.tools);
    expectDashboardTables(await signInAndReadTables(callerFor(alice), site.baseUrl));

    const bob = bootstrap("bob");
    expect(await callerFor(bob)("browse", { url: `${site.baseUrl}/dashboard` })).toContain("page_type: Login");
    expect(await callerFor(alice)("browse", { url: `${site.baseUrl}/dashboard` })).toContain("page_type: Dashboard");

    const sessions = String(await host.commands.get("/browsy-sessions")!());
    expect(sessions).toMatch(/- alice: \S+…/);
    expect(sessions).toMatch(/- bob: \S+…/);
    expect(String(await host.commands.get("/browsy-status")!())).toMatch(
      new RegExp(`running on port ${port}, started by the plugin \\(pid \\d+\\); 2 agent session\\(s\\)`),
    );
  });

  it("preToolExecution aborts the built-in browser tools and lets everything else run", () => {
    const hook = host.hooks.get("preToolExecution")!;
    for (const name of ["browser", "web_browser", "playwright_browser", "browse_web"]) {
      expect(hook({ name })).toMatchObject({ abort: true, message: expect.stringContaining("browsy_browse") });
    }
    expect(hook({ name: "browsy_browse" })).toBeUndefined();
    expect(hook({ name: "read_file" })).toBeUndefined();

    const relaxed = new RecordingHost();
    register(relaxed, { preferBrowsy: false, autoStart: false });
    expect(relaxed.hooks.get("preToolExecution")!({ name: "browser" })).toBeUndefined();
  });

  it("health polling starts the managed server again after it died", async () => {
    const plugin = register(new RecordingHost(), { port: await freePort(), allowPrivateNetwork: true, serverTimeout: 60_000 });
    await plugin.startService();
    const firstPid = plugin.ctx.server.pid!;
    process.kill(firstPid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 300));
    expect(await plugin.checkHealth()).toBe(true);
    const after = await plugin.status();
    expect(after.running).toBe(true);
    expect(after.pid).not.toBe(firstPid);
    await plugin.stopService();
    expect((await plugin.status()).running).toBe(false);
  });

  it("browsy.restart restarts the managed server and drops the sessions that died with it", async () => {
    const before = await status();
    const after = (await host.gatewayMethods.get("browsy.restart")!()) as BrowsyStatus;
    expect(after.running).toBe(true);
    expect(after.pid).not.toBe(before.pid);
    expect(after.sessions).toBe(0);
  });

  it("reads its options from the host's config map keyed by the plugin id, with the documented defaults", () => {
    const minimalHost = Object.assign(new RecordingHost(), {
      config: { plugins: { "openclaw-browsy": { port: 9123, preferBrowsy: false } } },
    });
    expect(register(minimalHost).config).toEqual({
      port: 9123,
      autoStart: true,
      allowPrivateNetwork: false,
      preferBrowsy: false,
      serverTimeout: 10_000,
    });
  });

  it("rejects an invalid config with one clear message", () => {
    expect(() => register(new RecordingHost(), { port: 0 })).toThrow(/invalid openclaw-browsy config: port: /);
    expect(() => register(new RecordingHost(), { colour: "red" } as never)).toThrow(/invalid openclaw-browsy config/);
  });
});

describe("package contents", () => {
  it("the manifest lists the registry's tools and the config options with the code's defaults", () => {
    expect(manifest.contracts.tools).toEqual(browsyAi.TOOL_SCHEMAS.map((t) => t.name));
    const defaults = BrowsyPluginConfigSchema.parse({});
    expect(Object.keys(manifest.configSchema.properties).sort()).toEqual(Object.keys(defaults).sort());
    for (const [key, value] of Object.entries(defaults)) {
      expect(manifest.configSchema.properties[key].default, key).toBe(value);
    }
    expect(entry.configSchema.safeParse({ port: 9000 }).success).toBe(true);
    expect(entry.configSchema.safeParse({ port: "9000" }).success).toBe(false);
  });

  it("ships the three skills as SKILL.md files with name and description", () => {
    const skills = readdirSync(resolve(pluginDir, "skills")).sort();
    expect(skills).toEqual(["browse-and-extract", "form-filler", "web-research"]);
    for (const skill of skills) {
      const text = readFileSync(resolve(pluginDir, "skills", skill, "SKILL.md"), "utf8");
      const front = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? "";
      expect(front).toContain(`name: ${skill}`);
      expect(front).toMatch(/description: .{20,}/);
      expect(text).toContain("browsy_");
    }
  });

  it("re-exports BrowsyContext from browsy-ai for standalone use", () => {
    expect(BrowsyContext).toBe(browsyAi.BrowsyContext);
  });
});
