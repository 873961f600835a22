/**
 * Model-traffic parsing in `npm run bench`: every response body of the research desk's
 * cassettes (Anthropic Messages, JSON and streamed) read the way the ledger reads each
 * response a case receives, as responses and megabytes a second.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseModelReply } from '../src/effects/model-traffic/parse-reply.ts';

interface Body {
  readonly text: string;
  readonly type: string;
}

async function bodies(file: string): Promise<Body[]> {
  const cassette = JSON.parse(await readFile(file, 'utf8')) as {
    entries: {
      response: { headers: Record<string, string>; body: { json?: unknown; text?: string } };
    }[];
  };
  return cassette.entries.map(({ response }) => ({
    text: response.body.text ?? JSON.stringify(response.body.json),
    type: response.headers['content-type'] ?? 'application/json',
  }));
}

function measure(all: readonly Body[], rounds: number): { perSecond: number; mbPerSecond: number } {
  const bytes = all.reduce((n, b) => n + b.text.length, 0) * rounds;
  let calls = 0;
  const started = performance.now();
  for (let r = 0; r < rounds; r++)
    for (const b of all) calls += parseModelReply(b.text, b.type)?.toolCalls.length ?? 0;
  const seconds = (performance.now() - started) / 1e3;
  if (calls === 0) throw new Error('the bench bodies hold no tool calls');
  return { perSecond: (all.length * rounds) / seconds, mbPerSecond: bytes / 1e6 / seconds };
}

export async function benchModelTraffic(line: (label: string, value: string) => void) {
  const dir = resolve(import.meta.dirname, '../examples/anthropic-research/cassettes');
  for (const [label, file] of [
    ['model traffic, Anthropic JSON', 'careful.json'],
    ['model traffic, Anthropic SSE', 'careful-streaming.json'],
  ] as const) {
    const all = await bodies(resolve(dir, file));
    measure(all, 200);
    const { perSecond, mbPerSecond } = measure(all, 2_000);
    line(label, `${Math.round(perSecond)} responses/s  ${mbPerSecond.toFixed(1)} MB/s`);
  }
}
