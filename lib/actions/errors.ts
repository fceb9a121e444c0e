// Client-safe: handlers throw these; the action client turns them into `{ code, message, fieldErrors }`.
export type FieldErrors = Record<string, string[]>;

export class ActionError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}
