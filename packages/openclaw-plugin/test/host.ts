/** A host implementing the minimal four-method plugin API (registerHook, registerService, registerGatewayMethod, registerCommand), recording what the plugin registers. */
import type { OpenClawPluginApi } from "../src/index.js";

type Handler = (...args: unknown[]) => unknown;

export class RecordingHost implements OpenClawPluginApi {
  readonly hooks = new Map<string, Handler>();
  readonly services = new Map<string, { start?: () => void | Promise<void>; stop?: () => void | Promise<void> }>();
  readonly gatewayMethods = new Map<string, Handler>();
  readonly commands = new Map<string, Handler>();

  registerHook(name: string, handler: Handler): void {
    this.hooks.set(name, handler);
  }
  registerService(name: string, service: { start?: () => void | Promise<void>; stop?: () => void | Promise<void> }): void {
    this.services.set(name, service);
  }
  registerGatewayMethod(name: string, handler: Handler): void {
    this.gatewayMethods.set(name, handler);
  }
  registerCommand(name: string, handler: Handler): void {
    this.commands.set(name, handler);
  }
}
