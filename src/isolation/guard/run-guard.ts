import { BroadcastChannel, threadId } from 'node:worker_threads';
import { parseEntry } from '../../effects/hosts.ts';
import { type GuardConfig, guardThread, type Refusal } from './thread-guard.ts';

export type { Refusal } from './thread-guard.ts';

export interface RunGuardOptions<W> {
  /** `effects.allow_hosts`, plus the cassette's hosts while it records. */
  readonly allowHosts: readonly string[];
  /** Refuse child processes (inside an isolate). */
  readonly processes: boolean;
  /** Who acts now: read when a refusal happens here, or when a Worker is started. */
  attribute(): W;
  /** Records a refusal for `who` (the case and agent it belongs to). */
  record(refusal: Refusal, who: W): void;
}

let runs = 0;

/**
 * Guards the thread that runs the HTTP ledger, and every Worker started from it, for one run:
 * connections to hosts the suite does not allow and (in an isolate) child processes are refused
 * and recorded on the case that made them. A refusal in a Worker is recorded on the case whose
 * code started that Worker, before the Worker sees its call fail. Returns the undo.
 */
export function guardRun<W>(o: RunGuardOptions<W>): () => void {
  const config: GuardConfig = {
    allow: o.allowHosts.map((h) => {
      const { hostname, port } = parseEntry(h);
      return [hostname, port ?? null] as const;
    }),
    processes: o.processes,
    channel: `baton.guard.${process.pid}.${threadId}.${++runs}`,
    tag: 'main',
  };
  const tags = new Map<string, W>();
  let nextTag = 0;
  const channel = new BroadcastChannel(config.channel);
  channel.unref();
  channel.onmessage = (event) => {
    const m = (event as MessageEvent).data as {
      type?: string;
      id?: string;
      tag?: string;
      refusal?: Refusal;
    };
    if (m?.type !== 'refused' || !m.refusal || m.tag === undefined) return;
    const who = tags.get(m.tag);
    if (who !== undefined) o.record(m.refusal, who);
    channel.postMessage({ type: 'ack', id: m.id });
  };
  const unguard = guardThread(config, {
    refused: (refusal) => o.record(refusal, o.attribute()),
    workerTag: () => {
      const tag = `worker-${++nextTag}`;
      tags.set(tag, o.attribute());
      return tag;
    },
  });
  return () => {
    unguard();
    // Workers still waiting for an answer fail their calls now instead of hanging.
    channel.postMessage({ type: 'closed' });
    channel.close();
  };
}
