/** The tool registry as the SDK uses it: lookup by any of a tool's names, descriptions, schemas. */
import { TOOL_REGISTRY } from "./generated/tools.js";
import { BrowsyValidationError } from "./errors.js";

export * from "./generated/tools.js";

export type ToolEntry = (typeof TOOL_REGISTRY)[number];
/** A tool's registry name, e.g. `type_text`. */
export type ToolName = ToolEntry["tool"];
/** A tool's client method name, e.g. `typeText`. */
export type ToolMethod = ToolEntry["method"];
/** A tool's model-facing name, e.g. `browsy_type_text`. */
export type PrefixedToolName = ToolEntry["name"];

/** `{ name, method, schema }` of every tool, in registry order (the seed's iteration shape). */
export const TOOL_SCHEMAS: readonly ToolEntry[] = TOOL_REGISTRY;

/** The model-facing description of each tool, keyed by its `browsy_` name. */
export const TOOL_DESCRIPTIONS: Readonly<Record<PrefixedToolName, string>> = Object.fromEntries(
  TOOL_REGISTRY.map((entry) => [entry.name, entry.description]),
) as Record<PrefixedToolName, string>;

const byAnyName = new Map<string, ToolEntry>();
for (const entry of TOOL_REGISTRY) {
  byAnyName.set(entry.tool, entry);
  byAnyName.set(entry.name, entry);
  byAnyName.set(entry.method, entry);
}

/** Finds a tool by registry name (`type_text`), method name (`typeText`) or `browsy_` name. */
export function findTool(name: string): ToolEntry {
  const entry = byAnyName.get(name);
  if (!entry) {
    const known = TOOL_REGISTRY.map((e) => e.name).join(", ");
    throw new BrowsyValidationError(`unknown browsy tool "${name}"; known tools: ${known}`);
  }
  return entry;
}

/** Validates `params` against the tool's schema; a mismatch is one readable line. */
export function validateParams(entry: ToolEntry, params: unknown): Record<string, unknown> {
  const parsed = entry.schema.safeParse(params ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
      .join("; ");
    throw new BrowsyValidationError(`invalid parameters for ${entry.name}: ${problems}`);
  }
  return parsed.data as Record<string, unknown>;
}
