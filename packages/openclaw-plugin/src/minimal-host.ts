/**
 * Registration through the minimal four-method `OpenClawPluginApi` (SimpleClaw and other small
 * orchestrators): `preToolExecution` and `agent:bootstrap` hooks, the `browsy-server` service,
 * `browsy.status` / `browsy.restart` gateway methods, `/browsy-status` / `/browsy-sessions` commands.
 */
import type { BrowsyPlugin, BrowsyToolSpec } from "./plugin.js";

type Handler = (...args: unknown[]) => unknown;

/** The minimal four-method plugin API a host may offer instead of OpenClaw's. */
export interface OpenClawPluginApi {
  registerHook(name: string, handler: Handler): void;
  registerService(name: string, service: { start?: () => void | Promise<void>; stop?: () => void | Promise<void> }): void;
  registerGatewayMethod(name: string, handler: Handler): void;
  registerCommand(name: string, handler: Handler): void;
}

/** What `preToolExecution` is given: a tool call, by `name` or `tool`. */
export interface ToolCallEvent {
  name?: string;
  tool?: string;
  toolName?: string;
}

/** What `preToolExecution` answers for an intercepted call. */
export interface ToolCallAbort {
  abort: true;
  message: string;
}

/** What `agent:bootstrap` is given: an agent (or event) whose `tools` array receives the tools. */
export interface BootstrapEvent {
  agentId?: string;
  id?: string;
  tools?: unknown[];
  agent?: { id?: string; tools?: unknown[] };
}

/** A tool as injected into an agent: the spec with `execute(params)` bound to that agent's session. */
export interface InjectedTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  execute(params: object): Promise<string>;
}

function bindTool(spec: BrowsyToolSpec, agentId?: string): InjectedTool {
  return {
    name: spec.name,
    description: spec.description,
    parameters: spec.parameters,
    execute: (params: object) => spec.run(params, agentId),
  };
}

export function registerWithMinimalApi(api: OpenClawPluginApi, plugin: BrowsyPlugin): void {
  api.registerHook("preToolExecution", (call: unknown): ToolCallAbort | undefined => {
    const event = (call ?? {}) as ToolCallEvent;
    const reason = plugin.interception(event.name ?? event.tool ?? event.toolName ?? "");
    return reason ? { abort: true, message: reason } : undefined;
  });

  api.registerHook("agent:bootstrap", (raw: unknown): InjectedTool[] => {
    const event = (raw ?? {}) as BootstrapEvent;
    const agentId = event.agent?.id ?? event.agentId ?? event.id;
    const tools = plugin.tools().map((spec) => bindTool(spec, agentId));
    const target = event.agent?.tools ?? event.tools;
    if (Array.isArray(target)) target.push(...tools);
    return tools;
  });

  api.registerService("browsy-server", {
    start: () => plugin.startService(),
    stop: () => plugin.stopService(),
  });

  api.registerGatewayMethod("browsy.status", () => plugin.status());
  api.registerGatewayMethod("browsy.restart", () => plugin.restart());
  api.registerCommand("/browsy-status", () => plugin.statusText());
  api.registerCommand("/browsy-sessions", () => plugin.sessionsText());
}
