/** `ServerManager`: finds `browsy`, spawns `browsy serve --port N`, waits for `/health`, stops what it started. */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

import { BrowsyClient } from "./client.js";
import { BrowsyNotFoundError, BrowsyServerError } from "./errors.js";

export interface ServerManagerOptions {
  port?: number;
  host?: string;
  /** Pass `--allow-private-network` to the server (needed for localhost / intranet pages). */
  allowPrivateNetwork?: boolean;
  /** Milliseconds to wait for `/health` after spawning (default 10000). */
  serverTimeout?: number;
  /** The executable; default: `BROWSY_BIN`, else `browsy` on `PATH`. */
  binary?: string;
  /** Extra arguments after `serve --port N`. */
  extraArgs?: string[];
  /**
   * The bearer token the server requires. Default: `BROWSY_TOKEN`, else a random one generated for the
   * server this manager spawns (so no other program on the machine, and no web page, can drive it).
   * A server that was already running is reused only with its own token.
   */
  token?: string;
}

/** A fresh bearer token: 32 random bytes, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

const HEALTH_POLL_MS = 50;

/** Resolves the `browsy` executable from `BROWSY_BIN` or `PATH`; throws a clear error when there is none. */
export function findBrowsyBinary(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.BROWSY_BIN?.trim();
  if (fromEnv) {
    if (!isExecutable(fromEnv)) {
      throw new BrowsyNotFoundError(`BROWSY_BIN is set to "${fromEnv}", which is not an executable file`);
    }
    return fromEnv;
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, "browsy");
    if (isExecutable(candidate)) return candidate;
  }
  throw new BrowsyNotFoundError(
    "the `browsy` executable was not found: install the browsy Python package (it provides the `browsy` " +
      "command) and put it on PATH, or set BROWSY_BIN to its path",
  );
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export class ServerManager {
  readonly port: number;
  readonly host: string;
  readonly client: BrowsyClient;
  /** The bearer token of the server this manager spawns and its client sends. */
  readonly token: string;
  private readonly options: ServerManagerOptions;
  private child: ChildProcess | null = null;
  private starting: Promise<void> | null = null;
  private restarting: Promise<void> | null = null;
  private ready = false;
  private stderrTail = "";
  private readonly onExit = () => this.child?.kill("SIGTERM");

  constructor(options: ServerManagerOptions = {}) {
    this.options = options;
    this.port = options.port ?? 3847;
    this.host = options.host ?? "127.0.0.1";
    this.token = options.token ?? (process.env.BROWSY_TOKEN || generateToken());
    this.client = new BrowsyClient({ port: this.port, host: this.host, token: this.token });
  }

  /** True when this manager spawned the server that is running now. */
  get ownsServer(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** True when the server this manager started has exited since (crashed or was killed). */
  get exited(): boolean {
    return this.child !== null && (this.child.exitCode !== null || this.child.signalCode !== null);
  }

  /** The spawned server's process id, when this manager started one. */
  get pid(): number | undefined {
    return this.ownsServer ? this.child?.pid : undefined;
  }

  /** True when `/health` answers ok right now. */
  async isHealthy(timeout = 1000): Promise<boolean> {
    try {
      const response = await this.client.health(timeout);
      return (response.body as { status?: unknown })?.status === "ok";
    } catch {
      return false;
    }
  }

  /**
   * Makes sure a server answers on the port: reuses one already there, else spawns and waits for it.
   * Once a server answered, later calls return at once until `markUnreachable()` or `stop()`.
   */
  ensureRunning(): Promise<void> {
    if (this.ready && !this.exited) return Promise.resolve();
    this.starting ??= this.start()
      .then(() => {
        this.ready = true;
      })
      .finally(() => {
        this.starting = null;
      });
    return this.starting;
  }

  /** Forget that the server was up (a request could not reach it): the next `ensureRunning` checks again. */
  markUnreachable(): void {
    this.ready = false;
  }

  private async start(): Promise<void> {
    if (await this.isHealthy()) return;
    const binary = this.options.binary ?? findBrowsyBinary();
    const args = ["serve", "--port", String(this.port)];
    if (this.options.allowPrivateNetwork) args.push("--allow-private-network");
    args.push(...(this.options.extraArgs ?? []));
    // the token goes in the environment, not the arguments, which every user of the machine can list
    const env = { ...process.env, BROWSY_TOKEN: this.token };
    const child = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"], env });
    this.child = child;
    this.stderrTail = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    const spawnError = new Promise<Error>((resolve) => child.once("error", resolve));
    process.once("exit", this.onExit);
    child.once("exit", () => process.removeListener("exit", this.onExit));

    const timeout = this.options.serverTimeout ?? 10_000;
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      const failure = await Promise.race([spawnError, sleep(HEALTH_POLL_MS).then(() => null)]);
      if (failure) {
        this.child = null;
        throw new BrowsyServerError(`could not start ${binary}: ${failure.message}`);
      }
      if (child.exitCode !== null || child.signalCode !== null) {
        this.child = null;
        throw new BrowsyServerError(
          `\`${binary} ${args.join(" ")}\` exited with ${child.exitCode ?? child.signalCode} before it was ready` +
            (this.stderrTail.trim() ? `: ${lastLine(this.stderrTail)}` : ""),
        );
      }
      if (await this.isHealthy(Math.max(100, Math.min(1000, deadline - Date.now())))) return;
    }
    await this.stop();
    throw new BrowsyServerError(
      `the browsy server on port ${this.port} did not answer /health within ${timeout} ms` +
        (this.stderrTail.trim() ? `: ${lastLine(this.stderrTail)}` : ""),
    );
  }

  /** Stops the server this manager started (a reused server is left alone). */
  async stop(): Promise<void> {
    this.ready = false;
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const killed = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
    if (!killed) {
      child.kill("SIGKILL");
      await exited;
    }
  }

  /** Stops what this manager started, then starts again; concurrent calls share one restart. */
  restart(): Promise<void> {
    this.restarting ??= (async () => {
      await this.starting?.catch(() => undefined);
      await this.stop();
      await this.ensureRunning();
    })().finally(() => {
      this.restarting = null;
    });
    return this.restarting;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const lastLine = (text: string) => text.trim().split("\n").at(-1) ?? "";
