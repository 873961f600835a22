/** What tried to leave the thread and was refused. */
export type Refusal =
  | { readonly kind: 'connect'; readonly host: string; readonly port: string }
  | { readonly kind: 'pipe'; readonly path: string }
  | { readonly kind: 'spawn'; readonly command: string };

/** What a thread guard allows, as plain data: it is copied into every worker the thread starts. */
export interface GuardConfig {
  /** Hosts a socket may connect to: `[hostname, port]`, port null for any. */
  readonly allow: readonly (readonly [string, string | null])[];
  /** Refuse child processes too (inside an isolate, where Baton itself starts none). */
  readonly processes: boolean;
  /** The BroadcastChannel on which a worker's refusals reach the thread that runs the ledger. */
  readonly channel: string;
  /** Whose refusals these are: the ledger maps it to the case that started the worker. */
  readonly tag: string;
}

/** How a guard reports; a worker's guard has none and reports over the channel instead. */
export interface GuardHooks {
  /** Records a refusal; the refused call fails once this resolves. */
  refused(refusal: Refusal): void | Promise<void>;
  /** The tag for a worker being started now (the case whose code starts it). */
  workerTag(): string;
}

/**
 * Guards one thread while a suite runs with effects: a socket may connect only to an allowed host
 * (this catches undici's own API with any dispatcher, raw `net` and `tls` sockets, and any HTTP
 * client that msw does not intercept), child processes are refused when asked, and every Worker
 * started here runs this same guard first. Returns a function that takes the guard down.
 *
 * Self-contained on purpose (no imports, no outer names): its source is copied into new workers.
 */
export function guardThread(config: GuardConfig, given?: GuardHooks): () => void {
  // Some TypeScript loaders name functions with a `__name` helper; a copied source needs it too.
  // biome-ignore lint/suspicious/noExplicitAny: the guard patches Node's own modules in place
  const builtin = (id: string) => process.getBuiltinModule(id) as Record<string, any>;
  const net = builtin('node:net');
  const childProcess = builtin('node:child_process');
  const workers = builtin('node:worker_threads');
  const nodeModule = builtin('node:module');
  const hooks = given ?? channelHooks();
  const undo: (() => void)[] = [];

  function channelHooks(): GuardHooks {
    const channel = new workers.BroadcastChannel(config.channel);
    channel.unref?.();
    const waiting = new Map<string, () => void>();
    let next = 0;
    // Referenced only while a refusal waits for its answer: the thread must not exit meanwhile.
    const settle = (id: string) => {
      waiting.get(id)?.();
      waiting.delete(id);
      if (waiting.size === 0) channel.unref?.();
    };
    channel.onmessage = (event: { data: { type?: string; id?: string } }) => {
      const { type, id } = event.data ?? {};
      if (type === 'closed') for (const key of [...waiting.keys()]) settle(key);
      if (type === 'ack' && id !== undefined && waiting.has(id)) settle(id);
    };
    return {
      refused: (refusal) =>
        new Promise<void>((done) => {
          const id = `${workers.threadId}:${++next}`;
          waiting.set(id, done);
          channel.ref?.();
          channel.postMessage({ type: 'refused', id, tag: config.tag, refusal });
        }),
      workerTag: () => config.tag,
    };
  }

  function allowed(host: string, port: string): boolean {
    const name = host.toLowerCase().replace(/^\[|\]$/g, '');
    return config.allow.some(([h, p]) => h === name && (p === null || p === port));
  }

  function targetOf(args: unknown[]): Refusal | undefined {
    let first = args[0] as unknown;
    if (Array.isArray(first)) first = first[0];
    if (typeof first === 'string' && !/^\d+$/.test(first)) return { kind: 'pipe', path: first };
    if (typeof first === 'number' || typeof first === 'string') {
      const host = typeof args[1] === 'string' ? args[1] : 'localhost';
      return { kind: 'connect', host, port: String(first) };
    }
    const o = (first ?? {}) as { path?: unknown; host?: unknown; port?: unknown };
    if (typeof o.path === 'string') return { kind: 'pipe', path: o.path };
    if (o.port === undefined) return undefined;
    return { kind: 'connect', host: String(o.host ?? 'localhost'), port: String(o.port) };
  }

  function refusedError(refusal: Refusal): Error {
    const what =
      refusal.kind === 'connect'
        ? `a connection to ${refusal.host}:${refusal.port}`
        : refusal.kind === 'pipe'
          ? `a connection to the socket ${refusal.path}`
          : `the child process ${refusal.command}`;
    const fix =
      refusal.kind === 'spawn'
        ? 'no child process may start under isolation while effects are judged'
        : 'with effects on, only effect endpoints, cassette hosts and effects.allow_hosts are reachable';
    const code = refusal.kind === 'spawn' ? 'ERR_ACCESS_DENIED' : 'ECONNREFUSED';
    return Object.assign(new Error(`Baton refused ${what}: ${fix}`), { code });
  }

  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(
    // biome-ignore lint/suspicious/noExplicitAny: a net.Socket, whose connect this replaces
    this: any,
    ...args: unknown[]
  ) {
    const target = targetOf(args);
    if (!target || (target.kind === 'connect' && allowed(target.host, target.port)))
      return connect.apply(this, args);
    // Writes made meanwhile are queued, then fail with the socket: nothing is ever sent.
    this.connecting = true;
    const error = refusedError(target);
    Promise.resolve(hooks.refused(target)).then(() => this.destroy(error));
    return this;
  };
  undo.push(() => {
    net.Socket.prototype.connect = connect;
  });

  if (config.processes) {
    for (const name of [
      'spawn',
      'spawnSync',
      'exec',
      'execSync',
      'execFile',
      'execFileSync',
      'fork',
    ]) {
      const original = childProcess[name];
      childProcess[name] = function refusedProcess(...args: unknown[]) {
        const command = [args[0], ...(Array.isArray(args[1]) ? args[1] : [])].map(String).join(' ');
        const refusal: Refusal = { kind: 'spawn', command: command.slice(0, 200) };
        void hooks.refused(refusal);
        throw refusedError(refusal);
      };
      undo.push(() => {
        childProcess[name] = original;
      });
    }
  }

  const Worker = workers.Worker;
  const source = String(guardThread);
  workers.Worker = class GuardedWorker extends Worker {
    constructor(file: unknown, options: Record<string, unknown> = {}) {
      const inner: GuardConfig = { ...config, tag: hooks.workerTag() };
      const program = `(() => { var __name = (target) => target; (${source})(${JSON.stringify(inner)}); })();\n`;
      if (options.eval === true) super(`${program}${String(file)}`, options);
      else {
        const execArgv = (options.execArgv as string[] | undefined) ?? process.execArgv;
        const preload = `data:text/javascript,${encodeURIComponent(program)}`;
        super(file, { ...options, execArgv: [...execArgv, '--import', preload] });
      }
    }
  };
  undo.push(() => {
    workers.Worker = Worker;
  });

  // ESM named imports (`import { spawn } from 'node:child_process'`) see the patched functions.
  nodeModule.syncBuiltinESMExports();
  return () => {
    for (const step of undo.reverse()) step();
    nodeModule.syncBuiltinESMExports();
  };
}
