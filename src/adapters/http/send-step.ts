import { CaseRunError } from '../../errors.ts';

/**
 * A step's request failed: the service answered non-2xx or not JSON (`reached`), or could not be
 * reached at all (a service Baton started may have exited: the adapter then says so instead).
 */
export class StepRequestError extends CaseRunError {
  constructor(
    message: string,
    readonly reached: boolean,
  ) {
    super({ code: 'adapter.request', message });
  }
}

export interface StepRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** A string is sent as text; anything else as JSON. */
  readonly body: unknown;
}

export interface StepAnswer {
  readonly status: number;
  readonly text: string;
}

const EXCERPT_CHARS = 200;

/** Sends one step; throws StepRequestError naming the step, the request and what came back. */
export async function sendStep(
  index: number,
  request: StepRequest,
  signal: AbortSignal,
): Promise<StepAnswer> {
  const where = `step ${index}: ${request.method} ${request.url}`;
  const isText = typeof request.body === 'string';
  const headers = {
    'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
    ...request.headers,
  };
  let res: Response;
  try {
    res = await fetch(request.url, {
      method: request.method,
      headers,
      body: isText ? (request.body as string) : JSON.stringify(request.body ?? null),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new StepRequestError(`${where} failed: ${networkCause(error)}`, false);
  }
  const text = await res.text();
  if (!res.ok) {
    throw new StepRequestError(
      `${where} answered ${res.status} ${res.statusText}${text ? `: ${excerpt(text)}` : ''}`,
      true,
    );
  }
  return { status: res.status, text };
}

/** Parses an answer for `decision: { from: response }`; throws when it is not JSON. */
export function answerJson(index: number, request: StepRequest, answer: StepAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new StepRequestError(
      `step ${index}: the answer of ${request.method} ${request.url} is not JSON, so decision.from: response cannot read it: ${excerpt(answer.text) || '(empty body)'}`,
      true,
    );
  }
}

/** The body on one line, cut to a length a report can show. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused (is the service running?)';
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
