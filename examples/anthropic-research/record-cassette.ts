/**
 * Writes the cassettes the suites replay: the real requests `@anthropic-ai/sdk` sends for each
 * case, answered by `scripted-model.ts`, in Baton's cassette format. No network: msw answers
 * api.anthropic.com here. With an API key you can record real answers instead: set
 * `cassette.mode: record` in a suite and run it.
 *
 *   node bin/run-ts.mjs examples/anthropic-research/record-cassette.ts
 *   npx biome format --write examples/anthropic-research/cassettes
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type Anthropic from '@anthropic-ai/sdk';
import { type CaseInfo, loadCaseFile } from 'baton-handoffs';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import createImplementation from './app.ts';
import { answer, streamed } from './scripted-model.ts';

const MESSAGES_URL = 'https://api.anthropic.com/v1/messages';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** One cassette per way the desk runs. */
const CASSETTES = [
  { file: 'cassettes/careful.json', options: { variant: 'careful' } },
  { file: 'cassettes/hasty.json', options: { variant: 'hasty' } },
  { file: 'cassettes/careful-streaming.json', options: { variant: 'careful', stream: true } },
] as const;

interface Entry {
  case: string;
  repeat: number;
  request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    body: { json: unknown };
  };
  response: {
    status: number;
    headers: Record<string, string>;
    body: { json: unknown } | { text: string };
  };
}

let current = { caseId: '', answers: 0 };
let entries: Entry[] = [];
const server = setupServer(
  http.post(MESSAGES_URL, async ({ request }) => {
    const body = (await request.json()) as Anthropic.MessageCreateParams;
    const reply = answer(current.caseId, current.answers++, body);
    const sse = body.stream === true;
    const headers = {
      'content-type': sse ? 'text/event-stream; charset=utf-8' : 'application/json',
    };
    entries.push({
      case: current.caseId,
      repeat: 0,
      request: { method: 'POST', url: MESSAGES_URL, headers: {}, body: { json: body } },
      response: { status: 200, headers, body: sse ? { text: streamed(reply) } : { json: reply } },
    });
    return sse ? new HttpResponse(streamed(reply), { headers }) : HttpResponse.json(reply);
  }),
);
server.listen({ onUnhandledRequest: 'error' });

for (const { file, options } of CASSETTES) {
  entries = [];
  const implementation = await createImplementation(options, { suiteDir: here('.') });
  for (const name of (await readdir(here('../../cases/anthropic'))).sort()) {
    const loaded = await loadCaseFile(here(`../../cases/anthropic/${name}`));
    if (!loaded.ok) throw new Error(`cannot load ${name}: ${loaded.problems[0]?.message}`);
    const c = loaded.value;
    current = { caseId: c.id, answers: 0 };
    const info: CaseInfo = {
      id: c.id,
      entry: c.entry,
      agents: c.agents,
      persons: c.persons,
      repeat: 0,
      signal: new AbortController().signal,
      deliver: (_route, receive) => Promise.resolve(receive()),
      parallel: (tasks) => Promise.all(tasks.map((t) => t())),
    };
    const session = await implementation.startCase(info);
    for (const [i, step] of c.steps.entries()) await session.handle(step, i);
  }
  await mkdir(here('cassettes'), { recursive: true });
  await writeFile(here(file), `${JSON.stringify({ version: 1, entries }, null, 2)}\n`, 'utf8');
  process.stdout.write(`wrote ${entries.length} entries to ${file}\n`);
}
server.close();
