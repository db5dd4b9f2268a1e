/**
 * `BrowsyPlugin`: everything the plugin does, independent of the host API that registers it —
 * the tools, interception of built-in browser tools, the browsy-server service, status and sessions.
 */
import { BrowsyContext, DEFAULT_AGENT, TOOL_SCHEMAS, runForModel } from "browsy-ai";

import type { BrowsyPluginConfig } from "./config.js";

/** Built-in browser tools redirected to browsy when `preferBrowsy` is on. */
export const INTERCEPTED_TOOLS: readonly string[] = ["browser", "web_browser", "playwright_browser", "browse_web"];

/** How often the service checks `/health` while it runs. */
export const HEALTH_INTERVAL_MS = 5_000;
/** Consecutive failed checks (server alive but not answering) before the server is restarted. */
export const HEALTH_FAILURES_BEFORE_RESTART = 3;
const HEALTH_CHECK_TIMEOUT_MS = 3_000;

/** One browsy tool, host-neutral: JSON Schema parameters and a runner bound to an agent's session. */
export interface BrowsyToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  run(params: object, agentId?: string): Promise<string>;
}

export interface BrowsyStatus {
  running: boolean;
  port: number;
  /** True when this plugin spawned the server (false when it reuses one already on the port). */
  managed: boolean;
  pid: number | null;
  sessions: number;
  preferBrowsy: boolean;
  autoStart: boolean;
  lastError: string | null;
}

export class BrowsyPlugin {
  readonly ctx: BrowsyContext;
  private timer: NodeJS.Timeout | null = null;
  private lastError: string | null = null;
  private failedChecks = 0;

  constructor(readonly config: BrowsyPluginConfig) {
    this.ctx = new BrowsyContext({
      port: config.port,
      autoStart: config.autoStart,
      allowPrivateNetwork: config.allowPrivateNetwork,
      serverTimeout: config.serverTimeout,
    });
  }

  /** The tools, named `browsy_<tool>`, in registry order. */
  tools(): BrowsyToolSpec[] {
    return TOOL_SCHEMAS.map((entry) => ({
      name: entry.name,
      description: entry.description,
      parameters: structuredClone(entry.jsonSchema),
      run: (params: object, agentId?: string) => runForModel(this.ctx, entry.tool, params, agentId ?? DEFAULT_AGENT),
    }));
  }

  /** Why a built-in browser call is blocked (redirected to browsy), or undefined to let it run. */
  interception(toolName: string): string | undefined {
    if (!this.config.preferBrowsy || !INTERCEPTED_TOOLS.includes(toolName)) return undefined;
    return (
      `The built-in "${toolName}" tool is redirected to browsy: use browsy_browse to open a page ` +
      "(then browsy_click, browsy_type_text, browsy_login, browsy_tables, ...). browsy reads pages without " +
      "rendering, so it is much faster; set preferBrowsy to false to use the full browser."
    );
  }

  /** A short note for every agent's bootstrap context: which tools exist and when to use them. */
  bootstrapNote(): string {
    const lines = TOOL_SCHEMAS.map((entry) => `- \`${entry.name}\`: ${entry.description.split("\n")[0]}`);
    return [
      "# Browsing with browsy",
      "",
      "Browse the web with the browsy tools: each page comes back as a numbered list of elements; act on",
      "elements by their number. Check `browsy_page_info` for the page type and suggested actions (Login,",
      "EnterCode, ...). Fall back to a full browser only for JavaScript-only apps or screenshots.",
      "",
      ...lines,
      "",
    ].join("\n");
  }

  /** Service start: start (or reuse) the server when autoStart is on, then watch its health. */
  async startService(): Promise<void> {
    if (this.config.autoStart) {
      try {
        await this.ctx.ensureServer();
        this.lastError = null;
      } catch (error) {
        this.lastError = (error as Error).message;
        throw error;
      }
    }
    this.timer ??= setInterval(() => void this.checkHealth(), HEALTH_INTERVAL_MS);
    this.timer.unref();
  }

  /**
   * One health check. A managed server whose process exited is started again at once; a server that is
   * alive but silent is restarted after HEALTH_FAILURES_BEFORE_RESTART checks in a row (a busy server
   * is not killed for one slow answer). Without autoStart the check only records the problem.
   */
  async checkHealth(): Promise<boolean> {
    if (await this.ctx.server.isHealthy(HEALTH_CHECK_TIMEOUT_MS)) {
      this.failedChecks = 0;
      return true;
    }
    this.failedChecks += 1;
    if (!this.config.autoStart) {
      this.lastError = `no browsy server answers on port ${this.config.port}`;
      return false;
    }
    if (!this.ctx.server.exited && this.failedChecks < HEALTH_FAILURES_BEFORE_RESTART) return false;
    try {
      this.ctx.sessions.clear();
      await this.ctx.server.restart();
      this.failedChecks = 0;
      this.lastError = null;
      return true;
    } catch (error) {
      this.lastError = (error as Error).message;
      return false;
    }
  }

  /** Service stop: stop watching and stop the server this plugin started. */
  async stopService(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ctx.close();
  }

  async status(): Promise<BrowsyStatus> {
    return {
      running: await this.ctx.server.isHealthy(),
      port: this.config.port,
      managed: this.ctx.server.ownsServer,
      pid: this.ctx.server.pid ?? null,
      sessions: this.ctx.sessions.size,
      preferBrowsy: this.config.preferBrowsy,
      autoStart: this.config.autoStart,
      lastError: this.lastError,
    };
  }

  /** Restarts the managed server (or starts one) and forgets sessions, which died with it. */
  async restart(): Promise<BrowsyStatus> {
    this.ctx.sessions.clear();
    await this.ctx.server.restart();
    this.lastError = null;
    return this.status();
  }

  async statusText(): Promise<string> {
    const s = await this.status();
    const state = s.running ? `running on port ${s.port}` : `not running (port ${s.port})`;
    const owner = s.running ? (s.managed ? `, started by the plugin (pid ${s.pid})` : ", external") : "";
    const error = s.lastError ? `\nlast error: ${s.lastError}` : "";
    return `browsy server: ${state}${owner}; ${s.sessions} agent session(s); preferBrowsy ${s.preferBrowsy}${error}`;
  }

  sessionsText(): string {
    const entries = this.ctx.sessions.entries();
    if (!entries.length) return "No browsy sessions yet.";
    return ["browsy sessions (agent → session token):", ...entries.map((e) => `- ${e.agentId}: ${e.session.slice(0, 8)}…`)].join("\n");
  }
}
