import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { describe, expect, it } from "vitest";
import { z } from "zod";

// @ts-expect-error -- plain ESM module without type declarations
import { renderAll } from "../scripts/codegen.mjs";
// @ts-expect-error -- plain ESM module without type declarations
import { renderToolsModule, zodOfObject } from "../scripts/codegen-lib.mjs";
import { TOOL_REGISTRY } from "../src/generated/tools.js";
import { REPO_ROOT } from "./support/env.js";

const registryPath = resolve(REPO_ROOT, "schemas/tools.json");
const registry = JSON.parse(readFileSync(registryPath, "utf8"));
const openapi = JSON.parse(readFileSync(resolve(REPO_ROOT, "schemas/openapi.json"), "utf8"));
const entries: Array<{ name: string; parameters: { required?: string[]; properties?: object } }> = Array.isArray(
  registry,
)
  ? registry
  : registry.tools;

/** Evaluates generated zod source (the same text the codegen writes) into a schema. */
const evalZod = (source: string) => new Function("z", `return ${source};`)(z) as z.ZodType;

describe("codegen from schemas/tools.json", () => {
  it("the committed src/generated/ files are what the codegen writes now (no drift)", () => {
    const out = execFileSync(process.execPath, ["scripts/codegen.mjs", "--check"], {
      cwd: resolve(REPO_ROOT, "packages/js-sdk"),
      encoding: "utf8",
    });
    expect(out).toContain("up to date");
    const files = renderAll(registry, openapi) as Record<string, string>;
    expect(Object.keys(files)).toEqual([
      "src/generated/tools.ts",
      "src/generated/results.ts",
      "src/generated/client-methods.ts",
    ]);
    for (const [file, text] of Object.entries(files)) {
      expect(readFileSync(resolve(REPO_ROOT, "packages/js-sdk", file), "utf8"), file).toBe(text);
    }
    expect(files["src/generated/tools.ts"]).toBe(renderToolsModule(registry));
    expect(renderAll(structuredClone(registry), structuredClone(openapi))).toEqual(files); // deterministic
  });

  it("generates one entry per registry tool, in registry order, with its required fields", () => {
    expect(TOOL_REGISTRY.map((t) => t.tool)).toEqual(entries.map((e) => e.name));
    for (const [i, entry] of entries.entries()) {
      const generated = TOOL_REGISTRY[i];
      expect(generated.name).toBe(`browsy_${entry.name}`);
      expect(generated.jsonSchema).toEqual(entry.parameters);
      for (const key of entry.parameters.required ?? []) {
        const withoutKey = generated.schema.safeParse({});
        expect(withoutKey.success, `${entry.name} must reject a missing ${key}`).toBe(false);
      }
    }
  });

  it("translates required, optional, enum, integer bounds, nullable and additionalProperties", () => {
    const schema = evalZod(
      zodOfObject({
        type: "object",
        additionalProperties: false,
        required: ["id"],
        properties: {
          id: { type: "integer", minimum: 0 },
          mode: { enum: ["a", "b"], type: "string" },
          note: { anyOf: [{ type: "string", minLength: 1 }, { type: "null" }], default: null },
        },
      }),
    );
    expect(schema.safeParse({ id: 3 }).success).toBe(true);
    expect(schema.safeParse({ id: 3, mode: "b", note: null }).success).toBe(true);
    expect(schema.safeParse({ id: -1 }).success).toBe(false);
    expect(schema.safeParse({ id: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ id: 1, mode: "c" }).success).toBe(false);
    expect(schema.safeParse({ id: 1, note: "" }).success).toBe(false);
    expect(schema.safeParse({ id: 1, extra: true }).success).toBe(false);
  });

  it("turns an object-level anyOf of required groups into a refinement", () => {
    const schema = evalZod(
      zodOfObject({
        type: "object",
        anyOf: [{ required: ["text"] }, { required: ["role"] }],
        properties: { text: { type: "string" }, role: { type: "string" } },
      }),
    );
    expect(schema.safeParse({ text: "x" }).success).toBe(true);
    expect(schema.safeParse({ role: "button" }).success).toBe(true);
    const neither = schema.safeParse({});
    expect(neither.success).toBe(false);
    expect(neither.error?.issues[0].message).toBe("give at least one of text or role");
  });

  it("refuses a registry it cannot translate, with a message naming the problem", () => {
    expect(() => renderToolsModule({ tools: [] })).toThrow(/lists no tools/);
    expect(() => renderToolsModule({ tools: [{ name: "Bad Name" }] })).toThrow(/no valid name/);
    expect(() =>
      renderToolsModule({
        tools: [{ name: "x", description: "d", result: "text", parameters: { type: "object", properties: { a: {} } } }],
      }),
    ).toThrow(/no REST route \(http\)/);
    const http = { method: "POST", path: "/api/x" };
    // only the registry's own key names: no alternative spellings are guessed
    expect(() =>
      renderToolsModule({ tools: [{ name: "x", description: "d", result: "text", http, input_schema: { type: "object" } }] }),
    ).toThrow(/has no parameters \(parameters\)/);
    expect(() =>
      renderToolsModule({ tools: [{ name: "x", description: "d", kind: "text", http, parameters: { type: "object" } }] }),
    ).toThrow(/has no result kind \(result\)/);
  });
});
