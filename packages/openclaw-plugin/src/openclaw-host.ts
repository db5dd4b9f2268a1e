/**
 * Registration through OpenClaw's real plugin API (`openclaw/plugin-sdk`): tools via `registerTool`,
 * the `before_tool_call` typed hook, the `agent:bootstrap` internal hook, the `browsy-server` service,
 * gateway methods and slash commands. Structural types only: the package needs no runtime import of openclaw.
 */
import { DEFAULT_AGENT } from "browsy-ai";

import type { BrowsyPlugin } from "./plugin.js";

type Respond = (ok: boolean, payload?: unknown, error?: { code: string; message: string }) => void;

/** The part of OpenClaw's `OpenClawPluginApi` this plugin uses. */
export interface OpenClawHostApi {
  pluginConfig?: Record<string, unknown>;
  logger?: { info?: (msg: string) => void; warn?: (msg: string) => void };
  registerTool: (
    factory: (ctx: { agentId?: string; sessionKey?: string }) => OpenClawTool[],
    opts?: { names?: string[] },
  ) => void;
  on: (hook: "before_tool_call", handler: (event: { toolName: string }) => BeforeToolCallResult | undefined) => void;
  registerHook: (
    events: string,
    handler: (event: { context?: { bootstrapFiles?: BootstrapFile[] } }) => void,
    opts?: { name?: string; description?: string },
  ) => void;
  registerService: (service: { id: string; start: () => Promise<void>; stop: () => Promise<void> }) => void;
  registerGatewayMethod: (method: string, handler: (opts: { respond: Respond }) => Promise<void>) => void;
  registerCommand: (command: {
    name: string;
    description: string;
    acceptsArgs?: boolean;
    handler: () => Promise<{ text: string }> | { text: string };
  }) => void;
}

export interface OpenClawTool {
  name: string;
  label: string;
  description: string;
  parameters: Record<string, unknown>;
  execute: (
    toolCallId: string,
    params: unknown,
  ) => Promise<{ content: Array<{ type: "text"; text: string }>; details: { tool: string; agentId: string } }>;
}

interface BeforeToolCallResult {
  block: boolean;
  blockReason: string;
}

interface BootstrapFile {
  name: string;
  path: string;
  missing: boolean;
  content?: string;
}

/** True when `api` is OpenClaw's plugin API (as opposed to the minimal four-method one). */
export function isOpenClawHostApi(api: unknown): api is OpenClawHostApi {
  const a = api as Partial<OpenClawHostApi> | null;
  return typeof a?.registerTool === "function" && typeof a?.on === "function";
}

export function registerWithOpenClaw(api: OpenClawHostApi, plugin: BrowsyPlugin): void {
  const specs = plugin.tools();
  api.registerTool(
    (toolCtx) => {
      const agentId = toolCtx?.agentId ?? toolCtx?.sessionKey ?? DEFAULT_AGENT;
      return specs.map((spec) => ({
        name: spec.name,
        label: spec.name,
        description: spec.description,
        parameters: spec.parameters,
        async execute(_toolCallId: string, params: unknown) {
          const text = await spec.run((params ?? {}) as object, agentId);
          return { content: [{ type: "text" as const, text }], details: { tool: spec.name, agentId } };
        },
      }));
    },
    { names: specs.map((spec) => spec.name) },
  );

  api.on("before_tool_call", (event) => {
    const reason = plugin.interception(event.toolName);
    return reason ? { block: true, blockReason: reason } : undefined;
  });

  api.registerHook(
    "agent:bootstrap",
    (event) => {
      event.context?.bootstrapFiles?.push({
        name: "BROWSY.md",
        path: "openclaw-browsy/BROWSY.md",
        missing: false,
        content: plugin.bootstrapNote(),
      });
    },
    { name: "browsy-bootstrap", description: "Tell every agent about the browsy browsing tools" },
  );

  api.registerService({
    id: "browsy-server",
    start: () => plugin.startService(),
    stop: () => plugin.stopService(),
  });

  const gatewayMethod = (run: () => Promise<unknown>) => async ({ respond }: { respond: Respond }) => {
    try {
      respond(true, await run());
    } catch (error) {
      respond(false, undefined, { code: "browsy_error", message: (error as Error).message });
    }
  };
  api.registerGatewayMethod("browsy.status", gatewayMethod(() => plugin.status()));
  api.registerGatewayMethod("browsy.restart", gatewayMethod(() => plugin.restart()));

  api.registerCommand({
    name: "browsy-status",
    description: "Show the browsy server status",
    handler: async () => ({ text: await plugin.statusText() }),
  });
  api.registerCommand({
    name: "browsy-sessions",
    description: "List the browsy browsing sessions of each agent",
    handler: () => ({ text: plugin.sessionsText() }),
  });
}
