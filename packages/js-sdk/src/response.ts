/** What every call of the client returns: the decoded body with the session token and the status. */
export interface BrowsyResponse<T = unknown> {
  /** The answer: parsed JSON for a JSON answer, else the text. */
  body: T;
  /** The session token the server answered with; send it back to keep using the session. */
  session: string | null;
  status: number;
  contentType: string;
}
