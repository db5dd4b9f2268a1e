import { describe, expect, it } from "vitest";

import {
  BrowseParams,
  BrowsyValidationError,
  ClickParams,
  FindParams,
  SearchParams,
  TOOL_DESCRIPTIONS,
  TOOL_SCHEMAS,
  TypeTextParams,
  findTool,
  validateParams,
} from "../src/index.js";
import { registryToolCount } from "./support/env.js";

describe("tool schemas", () => {
  it("exports every registry tool with a description each, named browsy_<tool>", () => {
    expect(TOOL_SCHEMAS).toHaveLength(registryToolCount());
    for (const { name, method, schema } of TOOL_SCHEMAS) {
      expect(name).toMatch(/^browsy_[a-z_]+$/);
      expect(method).toMatch(/^[a-z][A-Za-z]+$/);
      expect(TOOL_DESCRIPTIONS[name].length).toBeGreaterThan(10);
      expect(typeof schema.safeParse).toBe("function");
    }
  });

  it("validates parameters the way the server does", () => {
    expect(BrowseParams.parse({ url: "https://example.com" })).toEqual({ url: "https://example.com" });
    expect(BrowseParams.safeParse({}).success).toBe(false);
    expect(BrowseParams.safeParse({ url: "https://e.com", format: "xml" }).success).toBe(false);
    expect(ClickParams.safeParse({ id: "3" }).success).toBe(false);
    expect(TypeTextParams.safeParse({ id: 3, text: "hi" }).success).toBe(true);
    expect(SearchParams.safeParse({ query: "q", engine: "bing" }).success).toBe(false);
    expect(FindParams.safeParse({}).success).toBe(false);
    expect(FindParams.safeParse({ role: "button" }).success).toBe(true);
  });

  it("finds a tool by registry name, method name or browsy_ name", () => {
    expect(findTool("page_info")).toBe(findTool("pageInfo"));
    expect(findTool("browsy_page_info")).toBe(findTool("pageInfo"));
    expect(() => findTool("teleport")).toThrow(BrowsyValidationError);
    expect(() => findTool("teleport")).toThrow(/unknown browsy tool "teleport"/);
  });

  it("reports invalid parameters as one readable line", () => {
    expect(() => validateParams(findTool("click"), { id: -2 })).toThrow(/invalid parameters for browsy_click: id: /);
  });
});
