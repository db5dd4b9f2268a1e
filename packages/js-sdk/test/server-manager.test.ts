import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import {
  BrowsyApiError,
  BrowsyClient,
  BrowsyConnectionError,
  BrowsyContext,
  BrowsyNotFoundError,
  BrowsyServerError,
  ServerManager,
  findBrowsyBinary,
  runForModel,
} from "../src/index.js";
import { browsyBin, freePort } from "./support/env.js";

const scratch = mkdtempSync(join(tmpdir(), "browsy-sm-"));

function script(name: string, body: string): string {
  const path = join(scratch, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe("finding the browsy executable", () => {
  it("says how to fix it when browsy is on neither BROWSY_BIN nor PATH", () => {
    expect(() => findBrowsyBinary({ PATH: scratch })).toThrow(BrowsyNotFoundError);
    expect(() => findBrowsyBinary({ PATH: scratch })).toThrow(/BROWSY_BIN/);
  });

  it("rejects a BROWSY_BIN that is not an executable file", () => {
    const plain = join(scratch, "not-executable");
    writeFileSync(plain, "");
    expect(() => findBrowsyBinary({ BROWSY_BIN: plain })).toThrow(/not an executable file/);
  });

  it("finds browsy on PATH", () => {
    const fake = script("browsy", "exit 0");
    expect(findBrowsyBinary({ PATH: `/nonexistent:${scratch}` })).toBe(fake);
  });
});

describe("starting failures are clear errors", () => {
  it("reports a server that exits early, with its last stderr line", async () => {
    const failing = script("failing-browsy", 'echo "error: port 1 is taken" >&2; exit 3');
    const manager = new ServerManager({ port: await freePort(), binary: failing, serverTimeout: 10_000 });
    const error = await manager.ensureRunning().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrowsyServerError);
    expect((error as Error).message).toMatch(/exited with 3 before it was ready: error: port 1 is taken/);
  });

  it("gives up after serverTimeout and stops the process it started", async () => {
    const silent = script("silent-browsy", "exec sleep 30");
    const manager = new ServerManager({ port: await freePort(), binary: silent, serverTimeout: 400 });
    await expect(manager.ensureRunning()).rejects.toThrow(/did not answer \/health within 400 ms/);
    expect(manager.ownsServer).toBe(false);
  });

  it("without autoStart, a call to a port where nothing listens is a connection error", async () => {
    const ctx = new BrowsyContext({ port: await freePort(), autoStart: false });
    await expect(ctx.executeToolCall("page_info")).rejects.toBeInstanceOf(BrowsyConnectionError);
    expect(await runForModel(ctx, "page_info", {})).toMatch(/^Error: cannot reach the browsy server at http:\/\/127\.0\.0\.1:\d+/);
  });
});

describe("the real browsy server", () => {
  const managers: ServerManager[] = [];
  afterAll(async () => {
    for (const m of managers) await m.stop();
  });

  it("spawns browsy serve, reuses a server already on the port, and stops only what it started", async () => {
    const port = await freePort();
    const owner = new ServerManager({ port, binary: browsyBin(), serverTimeout: 30_000 });
    const guest = new ServerManager({ port, binary: browsyBin(), token: owner.token });
    managers.push(owner, guest);

    await owner.ensureRunning();
    expect(owner.ownsServer).toBe(true);
    expect(owner.pid).toBeGreaterThan(0);
    expect(await owner.isHealthy()).toBe(true);

    await guest.ensureRunning();
    expect(guest.ownsServer).toBe(false);
    await guest.stop();
    expect(await owner.isHealthy()).toBe(true);

    await owner.stop();
    expect(owner.ownsServer).toBe(false);
    expect(await owner.isHealthy()).toBe(false);
  });

  it("the spawned server requires the generated bearer token; its own client sends it", async () => {
    const port = await freePort();
    const manager = new ServerManager({ port, binary: browsyBin(), serverTimeout: 30_000 });
    managers.push(manager);
    await manager.ensureRunning();
    expect(manager.token.length).toBeGreaterThanOrEqual(40);
    expect(new ServerManager({ port }).token).not.toBe(manager.token);
    expect((await manager.client.pageInfo().catch((error: BrowsyApiError) => error)).status).toBe(404);
    const stranger = new BrowsyClient({ port, token: "guessed" });
    const refused = await stranger.pageInfo().catch((error: BrowsyApiError) => error);
    expect(refused).toBeInstanceOf(BrowsyApiError);
    expect((refused as BrowsyApiError).status).toBe(401);
    const page = await fetch(`http://127.0.0.1:${port}/api/page-info`, { headers: { Origin: "http://evil.example" } });
    expect(page.status).toBe(403);
    await manager.stop();
  });

  it("concurrent ensureRunning calls share one start", async () => {
    const manager = new ServerManager({ port: await freePort(), binary: browsyBin(), serverTimeout: 30_000 });
    managers.push(manager);
    await Promise.all([manager.ensureRunning(), manager.ensureRunning(), manager.ensureRunning()]);
    expect(manager.ownsServer).toBe(true);
    await manager.stop();
  });
});
