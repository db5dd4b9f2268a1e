/**
 * `BrowsyClient`: one method per REST endpoint of `browsy serve`, each returning body and session token.
 * The per-tool methods (`browse`, `click`, `pageInfo`, …) and their parameter and answer types are
 * generated from schemas/tools.json and schemas/openapi.json (src/generated/client-methods.ts); this file
 * is the hand-written core they all go through: the request, the session header, the error mapping.
 */
import { BrowsyApiError, BrowsyConnectionError, type ErrorCode } from "./errors.js";
import { BrowsyToolMethods } from "./generated/client-methods.js";
import type { BrowsyResponse } from "./response.js";
import { findTool, type ToolEntry } from "./tools.js";

export type { BrowsyResponse } from "./response.js";

export const SESSION_HEADER = "X-Browsy-Session";

export interface BrowsyClientOptions {
  host?: string;
  port?: number;
  /** Per-request timeout in milliseconds (default 60000). */
  timeout?: number;
  /** The server's bearer token (`browsy serve --token`); default: `BROWSY_TOKEN`. */
  token?: string;
}

export class BrowsyClient extends BrowsyToolMethods {
  readonly baseUrl: string;
  readonly timeout: number;
  private readonly token: string | undefined;

  constructor(portOrOptions: number | BrowsyClientOptions = {}) {
    super();
    const options = typeof portOrOptions === "number" ? { port: portOrOptions } : portOrOptions;
    this.baseUrl = `http://${options.host ?? "127.0.0.1"}:${options.port ?? 3847}`;
    this.timeout = options.timeout ?? 60_000;
    this.token = options.token ?? (process.env.BROWSY_TOKEN || undefined);
  }

  /** Calls one tool by any of its names; GET tools send params as a query string, POST tools as JSON. */
  override async call(tool: string | ToolEntry, params: object = {}, session?: string | null): Promise<BrowsyResponse> {
    const entry = typeof tool === "string" ? findTool(tool) : tool;
    const headers: Record<string, string> = {};
    if (session) headers[SESSION_HEADER] = session;
    let url = `${this.baseUrl}${entry.http.path}`;
    let body: string | undefined;
    const present = Object.entries(params).filter(([, value]) => value !== undefined && value !== null);
    if (entry.http.method === "GET") {
      const query = new URLSearchParams(present.map(([key, value]): [string, string] => [key, String(value)])).toString();
      if (query) url += `?${query}`;
    } else {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(Object.fromEntries(present));
    }
    return this.request(entry.http.method, url, headers, body);
  }

  /** `GET /health`: `{ status: "ok" }` when the server is up. */
  health(timeout = this.timeout): Promise<BrowsyResponse> {
    return this.request("GET", `${this.baseUrl}/health`, {}, undefined, timeout);
  }

  private async request(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeout = this.timeout,
  ): Promise<BrowsyResponse> {
    if (this.token) headers = { ...headers, Authorization: `Bearer ${this.token}` };
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(timeout) });
    } catch (error) {
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new BrowsyConnectionError(`cannot reach the browsy server at ${this.baseUrl}: ${reason}`);
    }
    const contentType = response.headers.get("content-type") ?? "";
    const text = await response.text();
    const decoded = contentType.includes("json") ? parseJson(text) : text;
    if (!response.ok) {
      const answer = typeof decoded === "object" && decoded !== null ? (decoded as { error?: unknown; code?: unknown }) : {};
      const message = answer.error !== undefined ? String(answer.error) : text || response.statusText;
      const code = typeof answer.code === "string" ? (answer.code as ErrorCode) : null;
      throw new BrowsyApiError(message, response.status, response.headers.get(SESSION_HEADER), code);
    }
    return { body: decoded, session: response.headers.get(SESSION_HEADER), status: response.status, contentType };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
