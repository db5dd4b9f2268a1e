import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { describe, expect, it } from "vitest";

// @ts-expect-error -- plain ESM module without type declarations
import { paramsShape, renderClientModule } from "../scripts/codegen-client.mjs";
// @ts-expect-error -- plain ESM module without type declarations
import { readOperations, renderResultsModule } from "../scripts/codegen-results.mjs";
// @ts-expect-error -- plain ESM module without type declarations
import { declaration, tsType } from "../scripts/codegen-types.mjs";
import { BrowsyClient, TOOL_REGISTRY } from "../src/index.js";
import { REPO_ROOT } from "./support/env.js";

const read = (name: string) => JSON.parse(readFileSync(resolve(REPO_ROOT, "schemas", name), "utf8"));
const registry = read("tools.json");
const openapi = read("openapi.json");

/** A one-tool registry and its OpenAPI document, for the error cases. */
function oneTool(answer: object, errorSchema: object = { $ref: "#/components/schemas/Oops" }) {
  const tool = { name: "peek", description: "d", result: "json", http: { method: "GET", path: "/api/peek" } };
  const reg = { tools: [{ ...tool, parameters: { type: "object", properties: {} } }] };
  const doc = {
    paths: {
      "/api/peek": {
        get: {
          operationId: "peek",
          responses: {
            "200": { content: { "application/json": { schema: answer } } },
            "404": { content: { "application/json": { schema: errorSchema } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Oops: { type: "object", properties: { error: { type: "string" }, code: { type: "string", enum: ["x"] } } },
        Thing: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
      },
    },
  };
  return { reg, doc };
}

describe("answer types from openapi.json", () => {
  it("translates JSON Schema into TypeScript types", () => {
    expect(tsType({ type: "string" })).toBe("string");
    expect(tsType({ type: "integer" })).toBe("number");
    expect(tsType({})).toBe("unknown");
    expect(tsType({ anyOf: [{ type: "integer" }, { type: "null" }] })).toBe("number | null");
    expect(tsType({ type: ["string", "null"] })).toBe("string | null");
    expect(tsType({ enum: ["a", "b"] })).toBe('"a" | "b"');
    expect(tsType({ const: "Login" })).toBe('"Login"');
    expect(tsType({ type: "array", items: { type: "array", items: { type: "string" } } })).toBe("string[][]");
    expect(tsType({ type: "array", items: { $ref: "#/components/schemas/Table" } })).toBe("Table[]");
    expect(tsType({ type: "object", additionalProperties: { type: "boolean" } })).toBe("Record<string, boolean>");
    expect(tsType({ type: "object", properties: { a: { type: "string" } }, required: ["a"] })).toBe("{\n  a: string;\n}");
    expect(() => tsType({ $ref: "#/definitions/X" })).toThrow(/only #\/components\/schemas/);
    expect(() => tsType({ type: "tuple" })).toThrow(/unsupported JSON Schema/);
  });

  it("declares an interface per object schema, with optional members and doc comments", () => {
    const lines = declaration("Thing", {
      type: "object",
      description: "A thing.",
      properties: { id: { type: "integer" }, "odd-key": { type: "string", description: "Quoted." } },
      required: ["id"],
    });
    expect(lines.join("\n")).toBe(
      '/** A thing. */\nexport interface Thing {\n  id: number;\n  /** Quoted. */\n  "odd-key"?: string;\n}',
    );
    expect(() => declaration("Error", { type: "object", properties: {} })).toThrow(/shadow a JavaScript global/);
  });

  it("finds every registry tool's operation in openapi.json, by route and operationId", () => {
    const operations = readOperations(registry, openapi) as Array<{ name: string; answer: object }>;
    expect(operations.map((op) => op.name)).toEqual(TOOL_REGISTRY.map((t) => t.tool));
    const module = renderResultsModule(registry, openapi) as string;
    expect(module).toContain("export type BrowseResult = Page | string;");
    expect(module).toContain("export type PageInfoResult = PageInfo;");
    expect(module).toContain('export type ErrorCode = ErrorBody["code"];');
    expect(module).not.toContain("TaskRequest"); // components no tool answer uses are left out
  });

  it("refuses an openapi.json it cannot follow, naming the problem", () => {
    const { reg, doc } = oneTool({ $ref: "#/components/schemas/Thing" });
    expect(renderResultsModule(reg, doc)).toContain("export type PeekResult = Thing;");
    expect(() => renderResultsModule(reg, { paths: {} })).toThrow(/has no GET \/api\/peek/);
    const renamed = structuredClone(doc);
    renamed.paths["/api/peek"].get.operationId = "look";
    expect(() => renderResultsModule(reg, renamed)).toThrow(/is operation "look", not "peek"/);
    expect(() => renderResultsModule(reg, oneTool({ $ref: "#/components/schemas/Nope" }).doc)).toThrow(/unresolved \$ref/);
    expect(() => renderResultsModule(reg, oneTool({}, { type: "object" }).doc)).toThrow(/not a named error schema/);
    const clash = structuredClone(doc) as typeof doc & { components: { schemas: Record<string, object> } };
    clash.components.schemas.PeekResult = { type: "string" };
    expect(() => renderResultsModule(reg, clash)).toThrow(/PeekResult.*is also a schema name/);
  });
});

describe("client methods from the registry", () => {
  it("takes (session), (params, session) or both by the tool's parameters", () => {
    expect(paramsShape({ type: "object", properties: {} })).toBe("none");
    expect(paramsShape({ type: "object", properties: { a: {} } })).toBe("optional");
    expect(paramsShape({ type: "object", properties: { a: {} }, required: ["a"] })).toBe("required");
    expect(paramsShape({ type: "object", properties: { a: {} }, anyOf: [{ required: ["a"] }] })).toBe("required");
  });

  it("generates one method per tool, named as the registry says, on BrowsyClient", () => {
    const module = renderClientModule(registry, openapi) as string;
    for (const { method, tool } of TOOL_REGISTRY) {
      expect(module, tool).toContain(`  ${method}(`);
      expect(typeof (BrowsyClient.prototype as unknown as Record<string, unknown>)[method], method).toBe("function");
    }
    expect(module).toContain("tables(session?: string | null): Promise<BrowsyResponse<TablesResult>> {");
    expect(module).toContain("getPage(session?: string | null): Promise<BrowsyResponse<GetPageResult>>;");
    expect(module).toContain("find(params: FindInput, session?: string | null): Promise<BrowsyResponse<FindResult>> {");
  });
});
