/** Where the tests find the repository's Python tools: the uv venv's `browsy` and `python`. */
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

/** `BROWSY_BIN`, else the workspace venv's `browsy`. */
export function browsyBin(): string {
  const bin = process.env.BROWSY_BIN ?? resolve(REPO_ROOT, ".venv/bin/browsy");
  if (!existsSync(bin)) throw new Error(`no browsy executable at ${bin}: run \`make setup\` (or set BROWSY_BIN)`);
  return bin;
}

/** `BROWSY_PYTHON`, else the workspace venv's python. */
export function python(): string {
  const bin = process.env.BROWSY_PYTHON ?? resolve(REPO_ROOT, ".venv/bin/python");
  if (!existsSync(bin)) throw new Error(`no python at ${bin}: run \`make setup\` (or set BROWSY_PYTHON)`);
  return bin;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** How many tools the registry has (schemas/tools.json, which the generated module must match). */
export function registryToolCount(): number {
  return JSON.parse(readFileSync(resolve(REPO_ROOT, "schemas/tools.json"), "utf8")).tools.length;
}
