import { createServer } from 'node:net';
import { dirname, relative, resolve } from 'node:path';
import { context, trace } from '@opentelemetry/api';
import { BatonError } from '../../errors.ts';
import type { HttpAdapterConfig } from '../../model/adapter-config.ts';
import { formatPath } from '../../model/data-path.ts';
import { placeholderIssues } from '../../model/http-placeholders.ts';
import { type OtlpReceiver, startOtlpReceiver } from '../../otlp/receiver.ts';
import { emitHandoff } from '../../public/conventions.ts';
import type { Adapter, CaseContext } from '../adapter.ts';
import { handoffsIn } from './response-decision.ts';
import { answerJson, type StepRequest, sendStep } from './send-step.ts';
import { type ServiceSpec, startService } from './service-process.ts';
import { ServiceSupervisor } from './service-supervisor.ts';
import {
  DEFAULT_BODY,
  fillKnown,
  mentions,
  render,
  renderText,
  stepVars,
  type TemplateVars,
} from './template.ts';
import { traceHeaders } from './traceparent.ts';

/** After the last step, a case's spans are complete once none arrived for this long. */
const QUIET_MS = 100;

/**
 * Drives a service over HTTP: one request per step, sent inside Baton's step span with a W3C
 * `traceparent`, so the spans the service exports to Baton's OTLP receiver join the case's
 * trace. Optionally starts and stops the service (starting it again before the next case when
 * it exits), and reads handoffs from response bodies for services that export no spans.
 */
export function createHttpAdapter(config: HttpAdapterConfig, suiteFile: string): Adapter {
  const suite = relative(process.cwd(), suiteFile) || suiteFile;
  checkPlaceholders(config, suite);
  const body = config.body === undefined ? DEFAULT_BODY : config.body;
  let receiver: OtlpReceiver | undefined;
  let service: ServiceSupervisor | undefined;
  let setupVars: TemplateVars | undefined;
  const adapter: Adapter & { name: string } = {
    // Once set up, the URL as sent: the run header shows where the requests went.
    name: `http ${config.url}`,
    async setup() {
      receiver = await startReceiver(config.otlp_port, suite);
      try {
        const port = usesPort(config) ? await freePort() : undefined;
        setupVars = {
          port,
          'otlp.endpoint': receiver.endpoint,
          'otlp.traces_endpoint': receiver.tracesEndpoint,
        };
        adapter.name = `http ${fillKnown(config.url, setupVars)}`;
        if (config.start) {
          const spec = serviceSpec(config, suiteFile, suite, setupVars, receiver);
          service = new ServiceSupervisor(spec, await startService(spec));
        }
      } catch (error) {
        await receiver.stop();
        receiver = undefined;
        setupVars = undefined;
        throw error;
      }
    },
    async runCase(testCase, ctx) {
      if (!receiver || !setupVars) throw new Error('the HTTP adapter was not set up');
      const { router } = receiver;
      const setup = setupVars;
      // The start of the service this case runs on: its steps go to that one only.
      const life = service?.life;
      const traceId = trace.getSpanContext(context.active())?.traceId;
      if (traceId === undefined) throw new Error('no case span is active: run cases through Baton');
      router.open(traceId);
      try {
        let owner = testCase.entry;
        for (let i = 0; i < testCase.steps.length; i++) {
          if (ctx.aborted) return undefined;
          if (service && life) await service.beforeStep(life, i);
          await ctx.step(i, async (step) => {
            const vars = stepVars(setup, testCase, ctx.repeat, traceId, i, step);
            const request = requestOf(config, body, vars);
            const send = () => sendStep(i, request, ctx.signal);
            const at = {
              caseId: testCase.id,
              step: i,
              request: `${request.method} ${request.url}`,
            };
            const answer = service && life ? await service.send(life, at, send) : await send();
            if (config.decision.from !== 'response') return;
            const json = answerJson(i, request, answer);
            owner = emitResponseHandoffs(json, config, owner, testCase.persons, ctx);
          });
        }
        await router.settle(traceId, {
          quietMs: QUIET_MS,
          maxMs: config.span_wait_ms,
          signal: ctx.signal,
        });
        return { spans: router.close(traceId) };
      } finally {
        router.close(traceId);
      }
    },
    async teardown() {
      await service?.stop();
      await receiver?.stop();
      service = undefined;
      receiver = undefined;
    },
  };
  if (config.start) {
    // Outside the case's clock: a service that exited is started again before the next case.
    adapter.reserve = async () => service?.reserve();
  }
  return adapter;
}

/** Emits Baton's handoff spans for what a response says; returns the owner afterwards. */
function emitResponseHandoffs(
  json: unknown,
  config: HttpAdapterConfig,
  owner: string,
  persons: readonly string[],
  ctx: CaseContext,
): string {
  if (config.decision.from !== 'response') return owner;
  const handoffs = handoffsIn(json, config.decision, owner, persons);
  for (const h of handoffs) emitHandoff(h, ctx.tracer);
  return handoffs.at(-1)?.to ?? owner;
}

/** One step's request, inside the step's span (its `traceparent` names that span). */
function requestOf(config: HttpAdapterConfig, body: unknown, vars: TemplateVars): StepRequest {
  return {
    method: config.method,
    url: renderText(config.url, vars),
    headers: {
      ...renderHeaders(config.headers, vars),
      ...traceHeaders(trace.getSpanContext(context.active())),
    },
    body: render(body, vars),
  };
}

function renderHeaders(headers: Readonly<Record<string, string>>, vars: TemplateVars) {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, renderText(v, vars)]));
}

function serviceSpec(
  config: HttpAdapterConfig,
  suiteFile: string,
  suite: string,
  vars: TemplateVars,
  receiver: OtlpReceiver,
): ServiceSpec {
  const s = config.start as NonNullable<HttpAdapterConfig['start']>;
  const env: Record<string, string> = {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.tracesEndpoint,
    // Batching span processors export every 50 ms instead of every 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '50',
  };
  for (const [k, v] of Object.entries(s.env)) env[k] = renderText(v, vars);
  return {
    command: s.command,
    args: s.args.map((a) => renderText(a, vars)),
    cwd: resolve(dirname(suiteFile), s.cwd ?? '.'),
    env,
    readyUrl: renderText(s.ready_url ?? originOf(config.url), vars),
    readyTimeoutMs: s.ready_timeout_ms,
    suite,
  };
}

/** Without a ready_url, the service is ready once the origin of `url` answers at all. */
function originOf(url: string): string {
  const root = /^(https?:\/\/[^/]+)/.exec(url)?.[1];
  return `${root ?? url}/`;
}

async function startReceiver(port: number, suite: string): Promise<OtlpReceiver> {
  try {
    return await startOtlpReceiver(port);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why = code === 'EADDRINUSE' ? `port ${port} is in use` : String(error);
    throw new BatonError(
      'adapter.load',
      `Failed to start Baton's OTLP receiver on 127.0.0.1:${port}: ${why}. Set adapter.otlp_port to 0 (any free port) or another port in ${suite}.`,
    );
  }
}

function usesPort(config: HttpAdapterConfig): boolean {
  return mentions([config.url, config.headers, config.body, config.start ?? null], 'port');
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Unknown `{{placeholders}}` are a suite error, found before anything starts. Loading a suite
 * file reports them with their line (src/load/http-placeholder-problems.ts); this guards an
 * adapter made from a config that did not come from a file.
 */
function checkPlaceholders(config: HttpAdapterConfig, suite: string): void {
  const [issue] = placeholderIssues(config);
  if (!issue) return;
  const where = `adapter.${formatPath(issue.path)}`;
  if (issue.problem === 'port_without_start') {
    throw new BatonError(
      'adapter.options',
      `Failed to read ${where} in ${suite}: {{port}} is the port Baton picks for a service it starts, and there is no adapter.start. Write the service's port, or add adapter.start.`,
    );
  }
  const use =
    issue.known.length > 0
      ? `Use ${issue.known.map((k) => `{{${k}}}`).join(', ')}`
      : 'Write the value out';
  throw new BatonError(
    'adapter.options',
    `Failed to read ${where} in ${suite}: unknown placeholder {{${issue.name}}}. ${use}.`,
  );
}
