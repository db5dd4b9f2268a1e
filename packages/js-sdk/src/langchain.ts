/** browsy-ai/langchain: the browsy tools as LangChain.js tools (`@langchain/core`). */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";

import { runForModel, toContext, type BrowsyContext, type BrowsyContextOptions } from "./context.js";
import { TOOL_SCHEMAS } from "./tools.js";

export interface LangChainToolOptions {
  /** Agent id whose isolated session these tools use (default: the shared default agent). */
  agentId?: string;
}

/** One LangChain tool per browsy tool, named `browsy_<tool>`, validated by the generated zod schema. */
export function getTools(
  ctxOrOptions?: BrowsyContext | BrowsyContextOptions,
  { agentId }: LangChainToolOptions = {},
): StructuredToolInterface[] {
  const ctx = toContext(ctxOrOptions);
  return TOOL_SCHEMAS.map((entry) =>
    tool(async (input: object) => runForModel(ctx, entry.tool, input, agentId), {
      name: entry.name,
      description: entry.description,
      schema: entry.schema,
    }),
  ) as StructuredToolInterface[];
}
