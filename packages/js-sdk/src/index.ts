/** browsy-ai: TypeScript SDK for the browsy REST server (`browsy serve`). */
export { BrowsyClient, SESSION_HEADER, type BrowsyClientOptions, type BrowsyResponse } from "./client.js";
export { BrowsyContext, toContext, errorText, runForModel, sharedContext, type BrowsyContextOptions } from "./context.js";
export { ServerManager, findBrowsyBinary, generateToken, type ServerManagerOptions } from "./server-manager.js";
export { SessionManager, DEFAULT_AGENT } from "./session-manager.js";
export * from "./errors.js";
export * from "./tools.js";
export type * from "./generated/results.js";
