import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The bookings the CI stub of the read-only bookings service knows. */
const BOOKINGS: Record<string, object> = {
  'BK-7781': { destination: 'Lisbon', departs: '2027-03-14', status: 'confirmed', paid_eur: 310 },
  'BK-9034': {
    destination: 'Reykjavik',
    departs: '2027-01-09',
    status: 'cancelled_by_airline',
    paid_eur: 820,
  },
  'BK-6610': {
    destination: 'Vienna',
    departs: '2027-02-02 07:45',
    status: 'confirmed',
    paid_eur: 129,
  },
  'BK-4420': {
    destination: 'Porto',
    departs: '2027-04-20',
    status: 'double_booked',
    paid_eur: 140,
  },
};

/** Starts the stub on a free loopback port; the swarm's tools call it as the bookings service. */
export async function startBookingsStub(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const ref = /^\/bookings\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    const booking = ref === undefined ? undefined : BOOKINGS[decodeURIComponent(ref)];
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'GET' || booking === undefined) {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'not found' }));
      return;
    }
    res.end(JSON.stringify({ ref: decodeURIComponent(ref!), ...booking }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
