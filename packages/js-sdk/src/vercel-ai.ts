/** browsy-ai/vercel-ai: the browsy tools as Vercel AI SDK `tool()` objects, keyed by name. */
import { tool, type Tool } from "ai";

import { runForModel, toContext, type BrowsyContext, type BrowsyContextOptions } from "./context.js";
import { TOOL_SCHEMAS } from "./tools.js";

export interface VercelToolOptions {
  /** Agent id whose isolated session these tools use (default: the shared default agent). */
  agentId?: string;
}

/** `{ browsy_browse: tool(...), … }` for `generateText({ tools })` / `streamText({ tools })`. */
export function browsyTools(
  ctxOrOptions?: BrowsyContext | BrowsyContextOptions,
  { agentId }: VercelToolOptions = {},
): Record<string, Tool> {
  const ctx = toContext(ctxOrOptions);
  return Object.fromEntries(
    TOOL_SCHEMAS.map((entry) => [
      entry.name,
      tool({
        description: entry.description,
        inputSchema: entry.schema,
        execute: async (input: object) => runForModel(ctx, entry.tool, input, agentId),
      }) as Tool,
    ]),
  );
}
