import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { BrowsyApiError, BrowsyClient, BrowsyContext, BrowsyValidationError } from "../src/index.js";
import { browsyBin, freePort } from "./support/env.js";
import { startFixtureSite, type FixtureSite } from "./support/fixture-site.js";
import { expectDashboardTables, signInAndReadTables } from "./support/flow.js";

let site: FixtureSite;
let ctx: BrowsyContext;

beforeAll(async () => {
  site = await startFixtureSite();
  ctx = new BrowsyContext({
    port: await freePort(),
    allowPrivateNetwork: true,
    binary: browsyBin(),
    serverTimeout: 60_000,
  });
});

afterAll(async () => {
  await ctx?.close();
  await site?.stop();
});

describe("BrowsyContext against the real server it starts", () => {
  it("signs in through login and 2FA and reads the dashboard tables", async () => {
    const tables = await signInAndReadTables((tool, params) => ctx.executeToolCall(tool, params, "flow"), site.baseUrl);
    expectDashboardTables(tables);
    expect(ctx.server.ownsServer).toBe(true);
  });

  it("keeps one isolated session per agent", async () => {
    await signInAndReadTables((tool, params) => ctx.executeToolCall(tool, params, "alice"), site.baseUrl);
    const bob = await ctx.executeToolCall("browse", { url: `${site.baseUrl}/dashboard` }, "bob");
    expect(bob).toContain("page_type: Login"); // no session cookie: the site sends bob to /login
    const alice = await ctx.executeToolCall("browse", { url: `${site.baseUrl}/dashboard` }, "alice");
    expect(alice).toContain("page_type: Dashboard");
    expect(ctx.sessions.get("alice")).toBeTruthy();
    expect(ctx.sessions.get("alice")).not.toBe(ctx.sessions.get("bob"));
  });

  it("saves a signed-in state (0600) that another agent's session loads", async () => {
    await signInAndReadTables((tool, params) => ctx.executeToolCall(tool, params, "saver"), site.baseUrl);
    const dir = await mkdtemp(join(tmpdir(), "browsy-state-"));
    const path = join(dir, "state.json");
    await ctx.saveState(path, "saver");
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(path, "utf8")) as { cookies: { name: string }[] };
    expect(saved.cookies.map((c) => c.name)).toContain("fx_session");
    const restored = await ctx.loadState(path, "loader");
    expect(restored).toContain("page_type: Dashboard");
    await rm(dir, { recursive: true });
  });

  it("accepts method names and browsy_ names, and JSON output", async () => {
    await ctx.executeToolCall("browse", { url: `${site.baseUrl}/articles/1` }, "names");
    const viaMethod = JSON.parse(await ctx.executeToolCall("pageInfo", {}, "names"));
    const viaPrefixed = JSON.parse(await ctx.executeToolCall("browsy_page_info", {}, "names"));
    expect(viaMethod).toEqual(viaPrefixed);
    const page = (await ctx.call("get_page", { format: "json", scope: "visible" }, "names")) as { els: unknown[] };
    expect(Array.isArray(page.els)).toBe(true);
    const found = JSON.parse(await ctx.executeToolCall("find", { role: "heading" }, "names"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((el: { role: string }) => el.role === "heading")).toBe(true);
  });

  it("rejects bad parameters before any request, and passes server errors on with their status", async () => {
    await expect(ctx.executeToolCall("click", { id: "x" }, "errors")).rejects.toBeInstanceOf(BrowsyValidationError);
    await ctx.executeToolCall("browse", { url: `${site.baseUrl}/articles/1` }, "errors");
    const error = await ctx.executeToolCall("click", { id: 9999 }, "errors").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrowsyApiError);
    expect((error as BrowsyApiError).status).toBe(404);
    expect((error as BrowsyApiError).code).toBe("action_failed");
    expect((error as Error).message).toMatch(/9999/);
  });
});

describe("BrowsyClient", () => {
  it("returns body and session token, and reuses the session it is given", async () => {
    const client = new BrowsyClient({ port: ctx.port, token: ctx.server.token });
    const first = await client.browse({ url: `${site.baseUrl}/login` });
    expect(first.session).toMatch(/\S{8,}/);
    expect(first.contentType).toContain("text/plain");
    await client.typeText({ id: 7, text: "agent@example.com" }, first.session);
    const page = await client.getPage({ format: "json" }, first.session);
    expect(page.session).toBe(first.session);
    if (typeof page.body === "string") throw new Error(`expected the json page, got:\n${page.body}`);
    const email = page.body.els.find((el) => el.id === 7);
    expect(email?.val).toBe("agent@example.com");
    const info = await client.pageInfo(first.session);
    expect(info.body.page_type).toBe("Login");
    const health = await client.health();
    expect(health.body).toEqual({ status: "ok" });
  });
});
