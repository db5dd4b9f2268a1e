/** `BrowsyContext`: the facade agents use; starts the server, keeps one session per agent, runs tools. */
import { chmod, readFile, writeFile } from "node:fs/promises";

import { BrowsyClient } from "./client.js";
import { BrowsyApiError, BrowsyConnectionError, BrowsyError } from "./errors.js";
import { ServerManager } from "./server-manager.js";
import { DEFAULT_AGENT, SessionManager } from "./session-manager.js";
import { findTool, validateParams } from "./tools.js";

export interface BrowsyContextOptions {
  /** REST server port (default 3847). */
  port?: number;
  /** Host the server listens on (default 127.0.0.1). */
  host?: string;
  /** Spawn `browsy serve` when no server answers on the port (default true). */
  autoStart?: boolean;
  /** Let the server fetch private / loopback addresses (default false). */
  allowPrivateNetwork?: boolean;
  /** Milliseconds to wait for the server to come up (default 10000). */
  serverTimeout?: number;
  /** Milliseconds one tool call may take (default 60000). */
  requestTimeout?: number;
  /** Path of the `browsy` executable (default: `BROWSY_BIN`, else PATH). */
  binary?: string;
  /** The server's bearer token (default: `BROWSY_TOKEN`, else one generated for the spawned server). */
  token?: string;
}

export class BrowsyContext {
  readonly client: BrowsyClient;
  readonly server: ServerManager;
  readonly sessions = new SessionManager();
  readonly autoStart: boolean;

  constructor(options: BrowsyContextOptions = {}) {
    this.autoStart = options.autoStart ?? true;
    this.server = new ServerManager({
      port: options.port,
      host: options.host,
      allowPrivateNetwork: options.allowPrivateNetwork ?? false,
      serverTimeout: options.serverTimeout,
      binary: options.binary,
      token: options.token,
    });
    this.client = new BrowsyClient({
      port: options.port,
      host: options.host,
      timeout: options.requestTimeout,
      token: this.server.token,
    });
  }

  get port(): number {
    return this.server.port;
  }

  /** Starts the server when `autoStart` is on and none answers; a no-op otherwise. */
  async ensureServer(): Promise<void> {
    if (this.autoStart) await this.server.ensureRunning();
  }

  /**
   * Runs one tool for one agent and returns what a model reads: compact text as is, JSON as a string.
   * `name` may be the registry name (`page_info`), the method name (`pageInfo`) or `browsy_page_info`.
   * Throws `BrowsyValidationError`, `BrowsyApiError`, `BrowsyConnectionError` or a server start error.
   */
  async executeToolCall(name: string, params: object = {}, agentId: string = DEFAULT_AGENT): Promise<string> {
    const response = await this.call(name, params, agentId);
    return typeof response === "string" ? response : JSON.stringify(response);
  }

  /** Like `executeToolCall`, but returns the decoded body (parsed JSON for JSON results). */
  async call(name: string, params: object = {}, agentId: string = DEFAULT_AGENT): Promise<unknown> {
    const entry = findTool(name);
    const valid = validateParams(entry, params);
    await this.ensureServer();
    try {
      const response = await this.client.call(entry, valid, this.sessions.get(agentId));
      this.sessions.update(agentId, response.session);
      return response.body;
    } catch (error) {
      if (error instanceof BrowsyApiError) this.sessions.update(agentId, error.session);
      if (error instanceof BrowsyConnectionError) this.server.markUnreachable();
      throw error;
    }
  }

  /**
   * Writes one agent's session state — cookies in Playwright's storage-state format, the current URL and
   * history — to `path` as JSON readable by its owner only (0600): it holds the signed-in cookies.
   */
  async saveState(path: string, agentId: string = DEFAULT_AGENT): Promise<void> {
    const state = await this.call("export_state", {}, agentId);
    await writeFile(path, JSON.stringify(state), { mode: 0o600 });
    await chmod(path, 0o600); // also when the file was there before with wider permissions
  }

  /**
   * Restores a state (a file from `saveState` or Playwright's `storageState()`, or the object) into one
   * agent's session; with `load` (default) its URL is opened and that page returned as compact text.
   */
  async loadState(state: string | Record<string, unknown>, agentId: string = DEFAULT_AGENT, load = true): Promise<string> {
    const document = typeof state === "string" ? (JSON.parse(await readFile(state, "utf8")) as Record<string, unknown>) : state;
    return this.executeToolCall("import_state", { state: document, load }, agentId);
  }

  /** Stops the server this context started (if any) and forgets every session. */
  async close(): Promise<void> {
    this.sessions.clear();
    await this.server.stop();
  }
}

/** Accepts what every adapter takes: an existing context, options for a new one, or nothing. */
export function toContext(ctxOrOptions?: BrowsyContext | BrowsyContextOptions): BrowsyContext {
  if (ctxOrOptions === undefined) return sharedContext();
  return ctxOrOptions instanceof BrowsyContext ? ctxOrOptions : new BrowsyContext(ctxOrOptions);
}

/** The text a model should see for a failed call: the error's own one-line message. */
export function errorText(error: unknown): string {
  return `Error: ${error instanceof Error ? error.message : String(error)}`;
}

let shared: BrowsyContext | undefined;

/** The context adapters use when given none: created on first use, shared by every adapter. */
export function sharedContext(): BrowsyContext {
  shared ??= new BrowsyContext();
  return shared;
}

/** Runs a tool for a model: a browsy error becomes its one-line `Error: ...` text, anything else throws. */
export async function runForModel(
  ctx: BrowsyContext,
  name: string,
  params: object,
  agentId?: string,
): Promise<string> {
  try {
    return await ctx.executeToolCall(name, params, agentId);
  } catch (error) {
    if (error instanceof BrowsyError) return errorText(error);
    throw error;
  }
}
