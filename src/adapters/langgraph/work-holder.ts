/** Work that moved from one participant node of a graph to another, as the nodes' runs show it. */
export interface NodeMove {
  readonly from: string;
  readonly to: string;
  /** What the sender's update (and the pass-through nodes' after it) wrote to the state. */
  readonly payload: Readonly<Record<string, unknown>>;
}

/**
 * Who holds the work in a graph, across the turns of one thread. A handoff is work moving from
 * one participant node to another, whatever marks it: a transfer tool call or an `activeAgent`
 * change moves the holder first (`handTo`), and the receiver running then is no second move;
 * a `Command({ goto })` with no such mark shows only in the next participant node to run.
 * Nodes that are no participants (tools, routers) pass the work through.
 */
export class WorkHolder {
  #current: string | undefined;
  /** The last participant node that ran in this turn. */
  #last: string | undefined;
  /** What the state was written with since #last's update: a routed handoff's payload. */
  #handed: Record<string, unknown> = {};
  #entered: string | undefined;

  /** The agent or person holding the work: the last to run or to be handed it. */
  get current(): string | undefined {
    return this.#current;
  }

  /** The first participant node that ran in the case: the one that received its first step. */
  get entered(): string | undefined {
    return this.#entered;
  }

  /**
   * A new graph turn. Its first participant node takes the work without a handoff: where a turn
   * starts is the graph's entry (a START edge, the `activeAgent` it routes by), not a move any
   * participant made.
   */
  beginTurn(): void {
    this.#last = undefined;
    this.#handed = {};
  }

  /**
   * Participant `node` runs (its update arrived, or it waits in `interrupt()`): the move that
   * brought it the work, when it did not hold it and a participant ran before it in this turn.
   * A node running again after a mark handed its work on (A → tools → A) is no move.
   */
  arrive(node: string): NodeMove | undefined {
    const from = this.#last;
    this.#last = node;
    this.#entered ??= node;
    if (from === undefined) {
      this.#current = node;
      return undefined;
    }
    if (node === this.#current || node === from) return undefined;
    this.#current = node;
    return { from, to: node, payload: this.#handed };
  }

  /** A transfer call or an `activeAgent` change handed the work to `to`. */
  handTo(to: string): void {
    this.#current = to;
  }

  /**
   * An update wrote `state` (besides messages and the active agent): a participant's update
   * starts what its next move carries, a pass-through node's adds to it.
   */
  wrote(state: Readonly<Record<string, unknown>>, byParticipant: boolean): void {
    this.#handed = byParticipant ? { ...state } : { ...this.#handed, ...state };
  }
}
