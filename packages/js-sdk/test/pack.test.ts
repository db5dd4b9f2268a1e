/** `npm pack` output installed into a scratch project: every subpath imports and type-checks as published. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { REPO_ROOT } from "./support/env.js";

const REGISTRY_TOOLS = (JSON.parse(readFileSync(join(REPO_ROOT, "schemas/tools.json"), "utf8")) as { tools: unknown[] }).tools
  .length;

const packageDir = resolve(REPO_ROOT, "packages/js-sdk");
const scratch = mkdtempSync(join(tmpdir(), "browsy-ai-pack-"));
const installedVersion = (name: string) =>
  JSON.parse(readFileSync(resolve(REPO_ROOT, "node_modules", name, "package.json"), "utf8")).version as string;

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("the published package", () => {
  it("installs from its tarball and every subpath imports and type-checks", { timeout: 240_000 }, () => {
    run("npm", ["pack", "--silent", "--pack-destination", scratch], packageDir);
    const tarball = readdirSync(scratch).find((f) => f.endsWith(".tgz"));
    expect(tarball).toMatch(/^browsy-ai-\d+\.\d+\.\d+\.tgz$/);

    const listing = run("tar", ["-tzf", join(scratch, tarball!)], scratch).split("\n");
    expect(listing).toContain("package/dist/index.js");
    expect(listing).toContain("package/dist/langchain.d.ts");
    expect(listing.some((f) => f.startsWith("package/src/") || f.startsWith("package/test/"))).toBe(false);

    const project = join(scratch, "project");
    run("mkdir", ["-p", project], scratch);
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({
        name: "scratch",
        private: true,
        type: "module",
        dependencies: {
          "browsy-ai": `file:../${tarball}`,
          "@langchain/core": installedVersion("@langchain/core"),
          ai: installedVersion("ai"),
        },
      }),
    );
    run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], project);

    writeFileSync(
      join(project, "check.mjs"),
      `
import * as core from "browsy-ai";
import { getTools } from "browsy-ai/langchain";
import { getToolDefinitions, handleToolCall, createToolCallHandler } from "browsy-ai/openai";
import { browsyTools } from "browsy-ai/vercel-ai";
const ctx = new core.BrowsyContext({ port: 1, autoStart: false });
console.log(JSON.stringify({
  core: ["BrowsyClient", "BrowsyContext", "ServerManager", "SessionManager", "BrowseParams", "TOOL_SCHEMAS", "TOOL_DESCRIPTIONS"].filter((k) => k in core),
  schemas: core.TOOL_SCHEMAS.length,
  langchain: getTools(ctx).length,
  openai: getToolDefinitions().length,
  handlers: typeof handleToolCall + "," + typeof createToolCallHandler(ctx),
  vercel: Object.keys(browsyTools(ctx)).length,
  parsed: core.BrowseParams.parse({ url: "https://example.com" }).url,
}));
`,
    );
    const report = JSON.parse(run(process.execPath, ["check.mjs"], project));
    expect(report).toEqual({
      core: ["BrowsyClient", "BrowsyContext", "ServerManager", "SessionManager", "BrowseParams", "TOOL_SCHEMAS", "TOOL_DESCRIPTIONS"],
      schemas: REGISTRY_TOOLS,
      langchain: REGISTRY_TOOLS,
      openai: REGISTRY_TOOLS,
      handlers: "function,function",
      vercel: REGISTRY_TOOLS,
      parsed: "https://example.com",
    });

    writeFileSync(
      join(project, "check.ts"),
      `
import { BrowsyContext, type BrowsyResponse, type ClickInput } from "browsy-ai";
import { getTools } from "browsy-ai/langchain";
import { getToolDefinitions, type OpenAIToolDefinition } from "browsy-ai/openai";
import { browsyTools } from "browsy-ai/vercel-ai";
const click: ClickInput = { id: 3 };
const defs: OpenAIToolDefinition[] = getToolDefinitions();
const ctx = new BrowsyContext({ port: 3847 });
const answer: Promise<string> = ctx.executeToolCall("click", click);
const response: Promise<BrowsyResponse> = ctx.client.browse({ url: "https://example.com" });
export { defs, answer, response, getTools, browsyTools };
`,
    );
    const tsc = resolve(REPO_ROOT, "node_modules/typescript/bin/tsc");
    run(
      process.execPath,
      [tsc, "--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--skipLibCheck", "check.ts"],
      project,
    );
  });
});
