/** The errors the SDK raises: each carries one clear message meant for a person or a model. */
import type { ErrorCode } from "./generated/results.js";

export type { ErrorCode } from "./generated/results.js";

/** Base class: every SDK error is a `BrowsyError`. */
export class BrowsyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The `browsy` executable could not be found (neither `BROWSY_BIN` nor `PATH`). */
export class BrowsyNotFoundError extends BrowsyError {}

/** The server did not start, exited early, or did not answer `/health` in time. */
export class BrowsyServerError extends BrowsyError {}

/**
 * The server answered with an error status; `message` is the server's `error` text and `code` its
 * machine-readable kind (`blocked_url`, `timeout`, `action_failed`, `no_page`, …: `ErrorCode`, generated
 * from `schemas/openapi.json`), to branch on instead of the wording. `code` is null when the answer had
 * none (not a browsy server, or a proxy in between).
 */
export class BrowsyApiError extends BrowsyError {
  constructor(
    message: string,
    readonly status: number,
    /** The session token the server answered with, when it sent one. */
    readonly session: string | null = null,
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
  }
}

/** The server could not be reached at all (connection refused, reset, timed out). */
export class BrowsyConnectionError extends BrowsyError {}

/** Tool parameters that do not match the tool's schema, or a tool name that does not exist. */
export class BrowsyValidationError extends BrowsyError {}
