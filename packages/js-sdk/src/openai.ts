/** browsy-ai/openai: OpenAI function-calling definitions and a handler that runs the calls. */
import { runForModel, sharedContext, toContext, type BrowsyContext, type BrowsyContextOptions } from "./context.js";
import { TOOL_SCHEMAS } from "./tools.js";

/** The shape of one entry of the Chat Completions `tools` array. */
export interface OpenAIToolDefinition {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The tools as Chat Completions `tools` entries; parameters are the registry's JSON Schemas. */
export function getToolDefinitions(): OpenAIToolDefinition[] {
  return TOOL_SCHEMAS.map((entry) => ({
    type: "function",
    function: { name: entry.name, description: entry.description, parameters: structuredClone(entry.jsonSchema) },
  }));
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
    params = parseArguments(args);
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
