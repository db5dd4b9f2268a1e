/** Type-level check against OpenClaw's published SDK types: the entry is a plugin definition. */
import type { OpenClawPluginApi, OpenClawPluginDefinition } from "openclaw/plugin-sdk/plugin-entry";
import { describe, expect, it } from "vitest";

import entry from "../src/index.js";
import type { OpenClawHostApi } from "../src/openclaw-host.js";

// Compile-time (`tsc --noEmit` in npm test): the entry is a definition, and OpenClaw's real plugin API
// satisfies the structural subset the plugin registers through.
const definition: OpenClawPluginDefinition = entry;
const asHostApi = (api: OpenClawPluginApi): OpenClawHostApi => api;

describe("OpenClaw SDK types", () => {
  it("the default export is an OpenClawPluginDefinition with id, config schema and register", () => {
    expect(definition.id).toBe("openclaw-browsy");
    expect(typeof definition.register).toBe("function");
    expect(typeof asHostApi).toBe("function");
  });
});
