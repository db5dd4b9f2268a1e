/**
 * openclaw-browsy: browsy as an OpenClaw plugin. The default export is the plugin entry OpenClaw loads
 * (`{ id, name, description, configSchema, register }`, what `definePluginEntry` builds); `register(api)`
 * also accepts a minimal four-method plugin API; `BrowsyContext` is re-exported for standalone use.
 */
import { MANIFEST, PLUGIN_ID, openClawConfigSchema, resolveConfig, type BrowsyPluginConfigInput } from "./config.js";
import { isOpenClawHostApi, registerWithOpenClaw } from "./openclaw-host.js";
import { BrowsyPlugin } from "./plugin.js";
import { registerWithMinimalApi, type OpenClawPluginApi } from "./minimal-host.js";

/** Finds this plugin's config in what a host gives: OpenClaw's `pluginConfig`, or a config map keyed by id. */
function configOf(api: object, explicit?: BrowsyPluginConfigInput): unknown {
  if (explicit) return explicit;
  const a = api as { pluginConfig?: unknown; config?: Record<string, unknown> };
  if (a.pluginConfig !== undefined) return a.pluginConfig;
  const plugins = a.config?.plugins as Record<string, unknown> | undefined;
  return a.config?.[PLUGIN_ID] ?? plugins?.[PLUGIN_ID];
}

/**
 * Registers browsy with a host: OpenClaw's plugin API, or any orchestrator implementing the minimal
 * four-method `OpenClawPluginApi`. Returns the plugin instance (its context, status, tools).
 */
export function register(api: OpenClawPluginApi | object, config?: BrowsyPluginConfigInput): BrowsyPlugin {
  const plugin = new BrowsyPlugin(resolveConfig(configOf(api, config)));
  if (isOpenClawHostApi(api)) registerWithOpenClaw(api, plugin);
  else registerWithMinimalApi(api as OpenClawPluginApi, plugin);
  return plugin;
}

const entry = {
  id: PLUGIN_ID,
  name: MANIFEST.name,
  description: MANIFEST.description,
  configSchema: openClawConfigSchema,
  register(api: object): void {
    register(api);
  },
};

export default entry;

export { BrowsyPlugin, INTERCEPTED_TOOLS, type BrowsyStatus, type BrowsyToolSpec } from "./plugin.js";
export { resolveConfig, BrowsyPluginConfigSchema, PLUGIN_ID, type BrowsyPluginConfig } from "./config.js";
export type { OpenClawPluginApi, InjectedTool, ToolCallAbort } from "./minimal-host.js";
export { BrowsyContext, BrowsyClient, ServerManager, SessionManager } from "browsy-ai";
export type { BrowsyContextOptions } from "browsy-ai";
