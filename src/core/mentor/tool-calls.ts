/**
 * What the mentor's model looked at to answer (docs/mentor.md "Tools"): each tool call,
 * stored with the answer and shown as a short line ("Looked at: churn, last 12 weeks").
 */
export type ToolCallRecord = {
  name: string;
  /** The arguments as the model sent them (after validation: what the tool ran with). */
  input: Record<string, unknown>;
  /** Whether the tool answered; a refused call (bad arguments) is kept too, with its reason. */
  ok: boolean;
  error?: string;
};
