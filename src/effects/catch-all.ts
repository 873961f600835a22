import { HttpResponse, http, passthrough } from 'msw';
import type { Cassette } from './cassette/cassette.ts';
import { recordToCassette, replayFromCassette } from './cassette/play.ts';
import type { HostList, PatternHosts } from './hosts.ts';
import type { Call } from './ledger.ts';

export interface CatchAllOptions {
  readonly begin: (request: Request, requestId: string) => Call;
  readonly cassette: Cassette | undefined;
  /** `effects.allow_hosts`: passed through to the real host. */
  readonly allowed: HostList;
  /** Hosts of effect endpoints: faked, so a request that matches no endpoint gets a 404. */
  readonly fakeHosts: PatternHosts;
  /** Where the suite lists hosts a request may reach (named in the refusal). */
  readonly allowList?: string;
}

/**
 * The last handler: every request no effect endpoint answered. Cassette hosts are replayed or
 * recorded, allowed hosts pass through, endpoint hosts get the fake's 404, and every other host
 * is refused with a network error: never sent.
 */
export function catchAll(o: CatchAllOptions) {
  return http.all('*', async ({ request, requestId }) => {
    const call = o.begin(request, requestId);
    const { url } = call;
    if (o.cassette?.hosts.has(url))
      return o.cassette.mode === 'record'
        ? recordToCassette(call, o.cassette)
        : replayFromCassette(call);
    if (o.allowed.has(url)) {
      call.passThrough();
      return passthrough();
    }
    if (o.fakeHosts.has(url)) {
      const error = `no effect endpoint matches ${request.method} ${url.pathname}`;
      return call.answer('fake_host', HttpResponse.json({ error }, { status: 404 }));
    }
    const why = `Baton refused ${request.method} ${url.host}: the host is not an effect endpoint, in ${o.allowList ?? 'effects.allow_hosts'} or a cassette host`;
    call.state.refusals.push(why);
    return call.fail('refused', why);
  });
}
