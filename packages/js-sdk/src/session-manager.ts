/** `SessionManager`: one isolated browsy session (cookies, history, form state) per agent id. */

export const DEFAULT_AGENT = "default";

export class SessionManager {
  private readonly tokens = new Map<string, string>();

  /** The session token of this agent, or undefined before its first call. */
  get(agentId: string = DEFAULT_AGENT): string | undefined {
    return this.tokens.get(agentId);
  }

  /** Records the token the server answered with (it changes when a session expired). */
  update(agentId: string, token: string | null | undefined): void {
    if (token) this.tokens.set(agentId, token);
  }

  /** Forgets an agent's session: its next call starts a fresh one. */
  reset(agentId: string = DEFAULT_AGENT): void {
    this.tokens.delete(agentId);
  }

  clear(): void {
    this.tokens.clear();
  }

  /** Agent ids with a live session token, and their tokens. */
  entries(): Array<{ agentId: string; session: string }> {
    return [...this.tokens].map(([agentId, session]) => ({ agentId, session }));
  }

  get size(): number {
    return this.tokens.size;
  }
}
