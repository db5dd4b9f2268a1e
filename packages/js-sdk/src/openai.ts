/** browsy-ai/openai: OpenAI function-calling definitions and a handler that runs the calls. */
import { runForModel, sharedContext, toContext, type BrowsyContext, type BrowsyContextOptions } from "./context.js";
import { TOOL_SCHEMAS } from "./tools.js";

/** The shape of one entry of the Chat Completions `tools` array. */
export interface OpenAIToolDefinition {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: boolean };
}

type Schema = Record<string, unknown>;

// Keywords OpenAI's strict mode does not accept; their meaning stays in the description and in the
// server's validation (a call that breaks one gets a clear error back). The same list as the Python SDK's.
const STRICT_DROP = new Set([
  "default", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "pattern",
  "format", "title",
]);

/** Whether a schema holds a free-form map (a recipe, a state), which strict mode cannot express. */
function hasFreeMap(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasFreeMap);
  if (node === null || typeof node !== "object") return false;
  const extra = (node as Schema).additionalProperties;
  if (extra === true || (extra !== null && typeof extra === "object")) return true;
  return Object.values(node as Schema).some(hasFreeMap);
}

function strictValue(node: Schema): Schema {
  const out: Schema = Object.fromEntries(Object.entries(node).filter(([key]) => !STRICT_DROP.has(key)));
  if (out.type === "object") return strictObject(out);
  if (Array.isArray(out.anyOf)) out.anyOf = (out.anyOf as Schema[]).map(strictValue);
  if (out.items && typeof out.items === "object") out.items = strictValue(out.items as Schema);
  return out;
}

function nullable(node: Schema): Schema {
  if (Array.isArray(node.anyOf) && (node.anyOf as Schema[]).some((o) => o.type === "null")) return node;
  if (typeof node.type === "string") {
    const out: Schema = { ...node, type: [node.type, "null"] };
    if (Array.isArray(node.enum)) out.enum = [...node.enum, null];
    return out;
  }
  return { anyOf: [node, { type: "null" }] };
}

function strictObject(node: Schema): Schema {
  for (const key of ["anyOf", "oneOf", "allOf"]) delete node[key]; // groups of keys: checked when the tool runs
  const properties = { ...((node.properties as Record<string, Schema> | undefined) ?? {}) };
  const required = new Set((node.required as string[] | undefined) ?? []);
  for (const [name, prop] of Object.entries(properties)) {
    const value = strictValue(prop);
    properties[name] = required.has(name) ? value : nullable(value);
  }
  const out: Schema = Object.fromEntries(Object.entries(node).filter(([key]) => !STRICT_DROP.has(key)));
  return { ...out, type: "object", properties, required: Object.keys(properties), additionalProperties: false };
}

/**
 * A tool's parameters in OpenAI strict-mode form: every property required (an optional one nullable, null
 * meaning "use the default"), `additionalProperties: false`, unsupported keywords removed.
 */
export function strictSchema(schema: Schema): Schema {
  return strictObject(structuredClone(schema));
}

/**
 * The tools as Chat Completions `tools` entries, in strict mode by default. A tool whose parameters hold
 * a free-form map (a recipe, a saved state) keeps its plain schema with `strict: false`.
 */
export function getToolDefinitions(options: { strict?: boolean } = {}): OpenAIToolDefinition[] {
  const wanted = options.strict ?? true;
  return TOOL_SCHEMAS.map((entry) => {
    const strict = wanted && !hasFreeMap(entry.jsonSchema);
    const parameters = strict ? strictSchema(entry.jsonSchema) : structuredClone(entry.jsonSchema);
    return { type: "function", function: { name: entry.name, description: entry.description, parameters, strict } };
  });
}

/** A tool call's arguments as OpenAI sends them (a JSON string) or already parsed. */
export type ToolCallArguments = string | Record<string, unknown> | null | undefined;

function parseArguments(args: ToolCallArguments): Record<string, unknown> {
  if (typeof args !== "string") return args ?? {};
  if (!args.trim()) return {};
  const parsed: unknown = JSON.parse(args);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new SyntaxError("tool call arguments must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

async function handleWith(ctx: BrowsyContext, name: string, args: ToolCallArguments, agentId?: string) {
  let params: Record<string, unknown>;
  try {
    // strict definitions send null for an optional parameter left out: the registry's default applies
    params = Object.fromEntries(Object.entries(parseArguments(args)).filter(([, value]) => value !== null));
  } catch (error) {
    return `Error: invalid arguments for ${name}: ${(error as Error).message}`;
  }
  return runForModel(ctx, name, params, agentId);
}

/** Runs one tool call (`browsy_browse`, …) and returns the text for the `tool` message. */
export function handleToolCall(
  name: string,
  args: ToolCallArguments,
  ctxOrOptions?: BrowsyContext | BrowsyContextOptions,
  agentId?: string,
): Promise<string> {
  return handleWith(ctxOrOptions ? toContext(ctxOrOptions) : sharedContext(), name, args, agentId);
}

/** A handler bound to one context (and optionally one agent's session). */
export function createToolCallHandler(
  ctxOrOptions?: BrowsyContext | BrowsyContextOptions,
  agentId?: string,
): (name: string, args: ToolCallArguments) => Promise<string> {
  const ctx = toContext(ctxOrOptions);
  return (name, args) => handleWith(ctx, name, args, agentId);
}
