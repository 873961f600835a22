/** How the sender of a model response was known, when no agent span said. */
export type SenderBy = 'rule' | 'active';

/**
 * The agent a case's model requests come from when nothing traced says: it starts at the case's
 * entry, becomes the agent an `agents` rule names for a request, and follows every recognised
 * handoff to an agent (a person receiving work does not call the model, so a handoff to a person
 * leaves it where it was).
 */
export class ActiveAgent {
  private current: string;
  private readonly persons: ReadonlySet<string>;

  constructor(entry: string, persons: readonly string[]) {
    this.current = entry;
    this.persons = new Set(persons);
  }

  /** The sender of one response: the rule's agent (which becomes active) or the active one. */
  sender(ruleAgent: string | undefined): { readonly agent: string; readonly by: SenderBy } {
    if (ruleAgent === undefined) return { agent: this.current, by: 'active' };
    this.current = ruleAgent;
    return { agent: ruleAgent, by: 'rule' };
  }

  handedTo(receiver: string): void {
    if (!this.persons.has(receiver)) this.current = receiver;
  }

  get agent(): string {
    return this.current;
  }
}
