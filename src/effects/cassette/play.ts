import { bypass } from 'msw';
import type { Call } from '../ledger.ts';
import { bodyBytes, requestBody, responseBody } from './body.ts';
import type { Cassette } from './cassette.ts';
import type { CassetteEntry } from './format.ts';
import { redactHeaders } from './redact.ts';
import { normalizeUrl, requestKey } from './request-key.ts';

// Hop-by-hop and encoding headers describe the recorded connection, not the answer: the body is
// stored decoded, so replaying `content-encoding: gzip` would corrupt it.
const NOT_REPLAYED = [
  'connection',
  'content-encoding',
  'content-length',
  'keep-alive',
  'transfer-encoding',
];

/** Answers a request to a cassette host from the cassette; a miss fails the request and the case. */
export async function replayFromCassette(call: Call): Promise<Response> {
  const session = call.state.cassette;
  const method = call.request.method;
  const shown = `${method} ${normalizeUrl(call.url)}`;
  if (!session) return call.fail('cassette', `no cassette session for ${shown}`);
  const redaction = session.cassette.redaction;
  const key = requestKey(method, call.url.href, requestBody(await call.body(), redaction));
  const found = session.take(key, shown);
  if ('miss' in found) {
    call.state.problems.push(found.miss);
    return call.fail('cassette', found.miss);
  }
  const { status, statusText, headers, body } = found.entry.response;
  const init = { status, headers, ...(statusText !== undefined && { statusText }) };
  return call.answer('cassette', new Response(bodyBytes(body), init));
}

/** Sends a request to the real service (msw `bypass`), records the pair and answers with it. */
export async function recordToCassette(call: Call, cassette: Cassette): Promise<Response> {
  const redact = cassette.config.redact_headers;
  const r = cassette.redaction;
  const sent = await call.body();
  let live: Response;
  try {
    live = await fetch(bypass(call.request));
  } catch (error) {
    return call.fail('cassette', `recording failed: ${(error as Error).message}`);
  }
  const received = new Uint8Array(await live.arrayBuffer());
  const request: CassetteEntry['request'] = {
    method: call.request.method,
    url: normalizeUrl(call.url),
    headers: redactHeaders(call.request.headers, redact, [], r),
  };
  const sentBody = requestBody(sent, r);
  const response: CassetteEntry['response'] = {
    status: live.status,
    ...(live.statusText !== '' && { statusText: live.statusText }),
    headers: redactHeaders(live.headers, redact, NOT_REPLAYED, r),
  };
  const receivedBody = responseBody(received, r);
  call.state.cassette?.record({
    request: sentBody === undefined ? request : { ...request, body: sentBody },
    response: receivedBody === undefined ? response : { ...response, body: receivedBody },
  });
  const headers = new Headers(live.headers);
  for (const name of NOT_REPLAYED) headers.delete(name);
  const init = { status: live.status, statusText: live.statusText, headers };
  return call.answer('cassette', new Response(received.length === 0 ? null : received, init));
}
