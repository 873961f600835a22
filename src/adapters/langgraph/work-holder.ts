/** Work that moved from one participant node of a graph to another, as the nodes' runs show it. */
export interface NodeMove {
  readonly from: string;
  readonly to: string;
  /** What the sender's update (and the pass-through nodes' after it) wrote to the state. */
  readonly payload: Readonly<Record<string, unknown>>;
  /** The superstep it was made in: moves sharing it were made side by side. */
  readonly fanOut: string;
}

/** The participant nodes that ran in one superstep of a graph turn, and who handed them work. */
interface Superstep {
  /** LangGraph's step number; undefined when the run was not seen (each node its own step). */
  readonly step: number | undefined;
  /** Unique in the case: what its moves are marked with as one fan-out. */
  readonly id: string;
  /** The participants that held the work before this superstep: each one's node moves come from them. */
  readonly senders: readonly string[];
  /** What each sender had written when this superstep began. */
  readonly payloads: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  readonly members: string[];
}

/**
 * Who holds the work in a graph, across the turns of one thread. A handoff is work moving from
 * one participant node to another, whatever marks it: a transfer tool call or an `activeAgent`
 * change moves the holder first (`handTo`), and the receiver running then is no second move;
 * a `Command({ goto })` with no such mark shows only in the next participant node to run.
 * Nodes that are no participants (tools, routers) pass the work through.
 *
 * Nodes LangGraph runs in one superstep run side by side (`goto: ['billing', 'refunds']`, `Send`,
 * two edges out of one node): each is handed the work by the participants of the superstep before,
 * never by a sibling, and a node that several of those fed (a fan-in) receives from each of them.
 * The order in which side-by-side nodes finish never changes who handed what to whom.
 */
export class WorkHolder {
  #current: string | undefined;
  /** Nodes a mark handed the work to that have not run since: running, they take it, no move. */
  #marked = new Set<string>();
  /** The latest superstep of this turn in which a participant node ran. */
  #latest: Superstep | undefined;
  /** What each participant's update (and the pass-through nodes' after it) wrote to the state. */
  #written = new Map<string, Record<string, unknown>>();
  /** The participant the last update came from: a pass-through node's writes add to its own. */
  #lastWriter: string | undefined;
  #entered: string | undefined;
  #supersteps = 0;

  /** The agent or person holding the work: the last to run or to be handed it. */
  get current(): string | undefined {
    return this.#current;
  }

  /** The first participant node that ran in the case: the one that received its first step. */
  get entered(): string | undefined {
    return this.#entered;
  }

  /**
   * A new graph turn. Its first participant nodes take the work without a handoff: where a turn
   * starts is the graph's entry (a START edge, the `activeAgent` it routes by), not a move any
   * participant made.
   */
  beginTurn(): void {
    this.#latest = undefined;
    this.#marked.clear();
    this.#written = new Map();
    this.#lastWriter = undefined;
  }

  /**
   * Participant `node` runs in LangGraph superstep `step` (its update arrived, or it waits in
   * `interrupt()`): the moves that brought it the work, none when it already held it or is the
   * first to run in this turn. A node running again after a mark handed its work on
   * (A → tools → A) is no move. Without `step`, each node counts as a superstep of its own.
   */
  arrive(node: string, step?: number): NodeMove[] {
    this.#entered ??= node;
    const latest = this.#latest;
    let superstep: Superstep;
    if (latest !== undefined && step !== undefined && latest.step === step) {
      // A sibling: handed the work by the same participants as the others of its superstep.
      if (latest.members.includes(node)) return [];
      latest.members.push(node);
      superstep = latest;
    } else {
      // Sorted: side-by-side nodes finish in any order, and a fan-in's moves must not follow it.
      const senders = [...(latest?.members ?? [])].sort();
      const payloads = new Map(senders.map((s) => [s, this.#written.get(s) ?? {}]));
      this.#supersteps += 1;
      const id = `superstep-${this.#supersteps}`;
      superstep = { step, id, senders, payloads, members: [node] };
      this.#latest = superstep;
    }
    const senders = superstep.senders.filter((from) => from !== node);
    // It ran again (A → tools → A): the holder stays as it is, a mark it made included.
    if (superstep.senders.length > 0 && senders.length === 0) return [];
    this.#current = node;
    // Handed the work by a mark already, or the first to run in this turn: no move.
    if (this.#marked.delete(node) || senders.length === 0) return [];
    return senders.map((from) => ({
      from,
      to: node,
      payload: superstep.payloads.get(from) ?? {},
      fanOut: superstep.id,
    }));
  }

  /** A transfer call or an `activeAgent` change handed the work to `to`. */
  handTo(to: string): void {
    this.#current = to;
    this.#marked.add(to);
  }

  /**
   * `node`'s update wrote `state` (besides messages and the active agent): a participant's update
   * starts what its next move carries, a pass-through node's adds to the participant's before it.
   */
  wrote(node: string, state: Readonly<Record<string, unknown>>, byParticipant: boolean): void {
    if (byParticipant) {
      this.#written.set(node, { ...state });
      this.#lastWriter = node;
      return;
    }
    const writer = this.#lastWriter;
    if (writer !== undefined) this.#written.set(writer, { ...this.#written.get(writer), ...state });
  }
}
