import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { BrowsyContext, TOOL_SCHEMAS } from "../src/index.js";
import { getTools } from "../src/langchain.js";
import { createToolCallHandler, getToolDefinitions, handleToolCall } from "../src/openai.js";
import { browsyTools } from "../src/vercel-ai.js";
import { browsyBin, freePort, registryToolCount } from "./support/env.js";
import { startFixtureSite, type FixtureSite } from "./support/fixture-site.js";
import { CREDENTIALS, codeIn, expectDashboardTables, signInAndReadTables, type Table } from "./support/flow.js";

let site: FixtureSite;
let ctx: BrowsyContext;

beforeAll(async () => {
  site = await startFixtureSite();
  ctx = new BrowsyContext({ port: await freePort(), allowPrivateNetwork: true, binary: browsyBin(), serverTimeout: 60_000 });
  await ctx.ensureServer();
});

afterAll(async () => {
  await ctx?.close();
  await site?.stop();
});

describe("browsy-ai/langchain", () => {
  it("gives one @langchain/core tools that run the sign-in flow through tool calls", async () => {
    const tools = getTools(ctx, { agentId: "langchain" });
    expect(tools.map((t) => t.name)).toEqual(TOOL_SCHEMAS.map((t) => t.name));
    let n = 0;
    const tables = await signInAndReadTables(async (tool, args) => {
      const lcTool = tools.find((t) => t.name === `browsy_${tool}`)!;
      const message = await lcTool.invoke({ name: lcTool.name, args, id: `call_${n++}`, type: "tool_call" });
      expect(message.tool_call_id).toBe(`call_${n - 1}`);
      return String(message.content);
    }, site.baseUrl);
    expectDashboardTables(tables);
  });

  it("validates arguments with the generated schema before calling the server", async () => {
    const click = getTools(ctx, { agentId: "langchain" }).find((t) => t.name === "browsy_click")!;
    await expect(click.invoke({ id: "not-a-number" })).rejects.toThrow();
  });
});

describe("browsy-ai/openai", () => {
  it("defines one function per tool with the registry's JSON Schemas", () => {
    const definitions = getToolDefinitions();
    expect(definitions).toHaveLength(registryToolCount());
    for (const def of definitions) {
      expect(def.type).toBe("function");
      expect(def.function.parameters.type).toBe("object");
      expect(def.function.description.length).toBeGreaterThan(10);
    }
    const browse = definitions.find((d) => d.function.name === "browsy_browse")!;
    expect(browse.function.strict).toBe(true);
    expect(browse.function.parameters.required).toContain("url");
    const plain = getToolDefinitions({ strict: false }).find((d) => d.function.name === "browsy_browse")!;
    expect(plain.function.parameters.required).toEqual(["url"]);
  });

  it("publishes strict-mode schemas (free-form maps excepted) that follow OpenAI's rules", () => {
    const unsupported = ["default", "minLength", "maxLength", "minimum", "maximum", "pattern", "format", "title"];
    const violations = (schema: Record<string, unknown>, where: string): string[] => {
      const found = unsupported.filter((k) => k in schema && typeof schema[k] !== "object").map((k) => `${where}: ${k}`);
      if (schema.type === "object" || "properties" in schema) {
        const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
        if (schema.additionalProperties !== false) found.push(`${where}: additionalProperties`);
        if (JSON.stringify([...((schema.required as string[]) ?? [])].sort()) !== JSON.stringify(Object.keys(props).sort())) {
          found.push(`${where}: required`);
        }
        for (const [name, prop] of Object.entries(props)) found.push(...violations(prop, `${where}.${name}`));
      }
      for (const option of (schema.anyOf as Record<string, unknown>[] | undefined) ?? []) found.push(...violations(option, where));
      if (schema.items && typeof schema.items === "object") found.push(...violations(schema.items as Record<string, unknown>, `${where}[]`));
      return found;
    };
    const loose = new Set(["browsy_save_recipe", "browsy_run_recipe", "browsy_import_state"]);
    for (const def of getToolDefinitions()) {
      expect(def.function.strict).toBe(!loose.has(def.function.name));
      if (def.function.strict) {
        expect("anyOf" in def.function.parameters).toBe(false);
        expect(violations(def.function.parameters, def.function.name)).toEqual([]);
      }
    }
  });

  it("takes a strict call's nulls as the defaults", async () => {
    const answer = await handleToolCall(
      "browsy_browse",
      JSON.stringify({ url: `${site.baseUrl}/login`, format: null, scope: null, view: null, render: null, max_chars: null }),
      ctx,
    );
    expect(answer).toMatch(/^title: /);
  });

  it("runs the sign-in flow from tool calls with JSON-string arguments", async () => {
    const handle = createToolCallHandler(ctx, "openai");
    const tables = await signInAndReadTables(
      (tool, args) => handle(`browsy_${tool}`, JSON.stringify(args)),
      site.baseUrl,
    );
    expectDashboardTables(tables);
  });

  it("answers bad calls with an error text the model can read", async () => {
    expect(await handleToolCall("browsy_teleport", "{}", ctx)).toMatch(/^Error: unknown browsy tool "browsy_teleport"/);
    expect(await handleToolCall("browsy_browse", "{not json", ctx)).toMatch(/^Error: invalid arguments for browsy_browse/);
    expect(await handleToolCall("browsy_browse", { url: "" }, ctx)).toMatch(/^Error: invalid parameters for browsy_browse: url/);
  });
});

describe("browsy-ai/vercel-ai", () => {
  it("gives one tool() objects keyed by name", () => {
    const tools = browsyTools(ctx);
    expect(Object.keys(tools)).toEqual(TOOL_SCHEMAS.map((t) => t.name));
    for (const t of Object.values(tools)) expect(typeof t.execute).toBe("function");
  });

  it("runs the sign-in flow inside generateText's tool loop (scripted model)", async () => {
    const tools = browsyTools(ctx, { agentId: "vercel" });
    const results: string[] = [];
    // A scripted model: each step reads the previous tool result from the prompt and picks the next call.
    const plan: Array<(last: string) => { tool: string; input: object } | { text: string }> = [
      () => ({ tool: "browsy_browse", input: { url: `${site.baseUrl}/login` } }),
      () => ({ tool: "browsy_login", input: CREDENTIALS }),
      () => ({ tool: "browsy_browse", input: { url: `${site.baseUrl}/email` } }),
      () => ({ tool: "browsy_back", input: {} }),
      () => ({ tool: "browsy_enter_code", input: { code: codeIn(results[2]) } }),
      () => ({ tool: "browsy_tables", input: {} }),
      (tables) => ({ text: tables }),
    ];
    let step = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        const last = options.prompt.at(-1);
        if (last?.role === "tool") {
          for (const part of last.content) {
            if (part.type === "tool-result") {
              const output = part.output as { type: string; value: unknown };
              results.push(output.type === "text" ? String(output.value) : JSON.stringify(output.value));
            }
          }
        }
        const next = plan[step++](results.at(-1) ?? "");
        const usage = {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        };
        if ("text" in next) {
          return { content: [{ type: "text", text: next.text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
        }
        return {
          content: [{ type: "tool-call", toolCallId: `call_${step}`, toolName: next.tool, input: JSON.stringify(next.input) }],
          finishReason: { unified: "tool-calls", raw: "tool_calls" },
          usage,
          warnings: [],
        };
      },
    });
    const result = await generateText({ model, tools, prompt: "Sign in and read the tables", stopWhen: stepCountIs(10) });
    expect(results[1]).toContain("page_type: TwoFactorAuth");
    expect(results[4]).toContain("page_type: Dashboard");
    expectDashboardTables(JSON.parse(result.text) as Table[]);
  });
});
