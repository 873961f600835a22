/** One end of a message channel: a worker's port, or a child process's IPC channel. */
export interface Port {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

/** An error as it crosses the channel: enough to rebuild a readable one on the other side. */
export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

type Wire =
  | { readonly t: 'call'; readonly id: number; readonly method: string; readonly args: unknown }
  | { readonly t: 'ok'; readonly id: number; readonly value: unknown }
  | { readonly t: 'error'; readonly id: number; readonly error: WireError }
  | { readonly t: 'event'; readonly name: string; readonly data: unknown };

export type Handlers = Readonly<Record<string, (args: never) => unknown>>;

/** An error from the other side of the channel, rebuilt with its name, message and code. */
export class RemoteError extends Error {
  override readonly name: string;
  readonly code: string | undefined;
  constructor(error: WireError) {
    super(error.message);
    this.name = error.name;
    this.code = error.code;
  }
}

/**
 * Calls in both directions over one channel: each side answers the other's calls with its
 * handlers and can send one-way events. Values cross by structured clone.
 */
export class Rpc {
  #next = 0;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();

  constructor(
    private readonly port: Port,
    private readonly handlers: Handlers,
    private readonly onEvent: (name: string, data: unknown) => void = () => {},
  ) {
    port.onMessage((message) => this.#receive(message as Wire));
  }

  call<T>(method: string, args: unknown = undefined): Promise<T> {
    const id = ++this.#next;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        this.port.send({ t: 'call', id, method, args } satisfies Wire);
      } catch (error) {
        this.#pending.delete(id);
        reject(error);
      }
    });
  }

  event(name: string, data: unknown): void {
    this.port.send({ t: 'event', name, data } satisfies Wire);
  }

  /** Rejects every call still waiting: the other side is gone. */
  failAll(error: Error): void {
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }

  #receive(message: Wire): void {
    if (message.t === 'event') {
      this.onEvent(message.name, message.data);
      return;
    }
    if (message.t === 'call') {
      void this.#answer(message.id, message.method, message.args);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.t === 'ok') pending.resolve(message.value);
    else pending.reject(new RemoteError(message.error));
  }

  async #answer(id: number, method: string, args: unknown): Promise<void> {
    const handler = this.handlers[method] as ((args: unknown) => unknown) | undefined;
    try {
      if (!handler) throw new Error(`no handler for ${method}`);
      const value = await handler(args);
      this.port.send({ t: 'ok', id, value } satisfies Wire);
    } catch (error) {
      this.port.send({ t: 'error', id, error: toWire(error) } satisfies Wire);
    }
  }
}

/** Any thrown value as a WireError; never throws itself. */
export function toWire(error: unknown): WireError {
  try {
    if (error instanceof Error) {
      const code = (error as { code?: unknown }).code;
      return {
        name: String(error.name),
        message: String(error.message),
        ...(typeof code === 'string' && { code }),
      };
    }
    return { name: 'Error', message: String(error) };
  } catch {
    return { name: 'Error', message: 'a value that cannot be printed' };
  }
}
