// Live traffic for the support desk: replays labelled conversations as customers (and the people
// who decide) would send them, one turn after another, each conversation under its own id. Used
// to show `baton shadow` beside a running desk (docs/shadow.md).
//
//   node bin/run-ts.mjs examples/http-service/replay-traffic.ts --url http://127.0.0.1:8787/turn \
//     [--cases 'cases/support/*.yaml'] [--concurrency 4]
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCaseFile } from '../../src/load/load-case.ts';
import type { Case } from '../../src/model/labelled-case.ts';

/** One conversation to send: its id, the agent that takes it, and the turns in order. */
export interface Conversation {
  readonly id: string;
  readonly entry: string;
  readonly steps: Case['steps'];
}

/** Sends every conversation's turns to `url` (Baton's default body), `concurrency` at a time. */
export async function replayTraffic(
  url: string,
  conversations: readonly Conversation[],
  concurrency = 4,
): Promise<{ turns: number }> {
  let next = 0;
  let turns = 0;
  const worker = async () => {
    for (let i = next++; i < conversations.length; i = next++) {
      const c = conversations[i] as Conversation;
      for (const [index, step] of c.steps.entries()) {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            case_id: c.id,
            run_id: c.id,
            entry: c.entry,
            step_index: index,
            step,
          }),
        });
        if (!answer.ok)
          throw new Error(`${url} answered ${answer.status} to ${c.id} step ${index}`);
        await answer.text();
        turns++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { turns };
}

/** The conversations of case files (their steps, entry and id). */
export async function conversationsOf(files: readonly string[]): Promise<Conversation[]> {
  const out: Conversation[] = [];
  for (const file of files) {
    const loaded = await loadCaseFile(file);
    if (!loaded.ok) throw new Error(`${file}: ${loaded.problems[0]?.message}`);
    out.push({ id: loaded.value.id, entry: loaded.value.entry, steps: loaded.value.steps });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:8787/turn' },
      cases: { type: 'string', default: 'cases/support/*.yaml' },
      concurrency: { type: 'string', default: '4' },
    },
  });
  const { globSync } = await import('tinyglobby');
  const files = globSync(values.cases, { absolute: true }).map((f) => resolve(f));
  const sent = await replayTraffic(
    values.url,
    await conversationsOf(files),
    Number(values.concurrency),
  );
  console.log(`sent ${files.length} conversations, ${sent.turns} turns, to ${values.url}`);
}
