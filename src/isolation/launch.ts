import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { resolve as resolveModule } from 'import-meta-resolve';
import { ISOLATE_FLAG, type IsolationKind } from './protocol.ts';
import type { Port } from './rpc.ts';

/** A started isolate: its channel, how it ended, and how to end it. */
export interface Launched {
  readonly kind: IsolationKind;
  readonly port: Port;
  /** Called once when the isolate ends, whatever ended it. */
  onExit(listener: (how: { code: number | null; signal: string | null }) => void): void;
  kill(): void;
}

/**
 * The isolate's first module: registers TypeScript loading when Baton runs from its sources
 * (the entry is a .ts file), then hands over to the isolate's main loop.
 */
function bootstrap(entry: string): string {
  const typescript = entry.endsWith('.ts')
    ? `const { register } = await import(${JSON.stringify(resolveModule('tsx/esm/api', import.meta.url))}); register();`
    : '';
  return `${typescript}\nconst { runIsolate } = await import(${JSON.stringify(entry)});\nawait runIsolate();\n`;
}

/** Node options the isolate keeps from Baton's own: export conditions decide what modules load. */
function inheritedOptions(): string[] {
  const kept: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--conditions' || arg === '-C') kept.push(arg, args[++i] ?? '');
    else if (arg.startsWith('--conditions=') || /^-C./.test(arg)) kept.push(arg);
  }
  return kept;
}

/** Starts the isolate's main loop (module `entry`) in a worker thread or a child process. */
export function launch(kind: IsolationKind, entry: string): Launched {
  return kind === 'worker' ? launchWorker(entry) : launchProcess(entry);
}

function launchWorker(entry: string): Launched {
  const code = bootstrap(entry);
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), {
    execArgv: inheritedOptions(),
  });
  return {
    kind: 'worker',
    port: {
      send: (m) => worker.postMessage(m),
      onMessage: (l) => worker.on('message', l),
    },
    onExit(listener) {
      // A failed bootstrap emits `error` before `exit`; the exit code tells the rest.
      worker.on('error', () => {});
      worker.once('exit', (code) => listener({ code, signal: null }));
    },
    kill: () => void worker.terminate(),
  };
}

/**
 * The child runs the isolate module as its main file (not `--eval`, which Workers it starts
 * would inherit and refuse), TypeScript loading preloaded when Baton runs from its sources.
 */
function launchProcess(entry: string): Launched {
  const typescript = entry.endsWith('.ts')
    ? ['--import', resolveModule('tsx', import.meta.url)]
    : [];
  const child = spawn(
    process.execPath,
    [...inheritedOptions(), ...typescript, fileURLToPath(entry), ISOLATE_FLAG],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' },
  );
  return {
    kind: 'process',
    port: {
      send: (m) => {
        if (child.connected) child.send(m as object);
      },
      onMessage: (l) => child.on('message', l),
    },
    onExit(listener) {
      child.on('error', () => {});
      child.once('exit', (code, signal) => listener({ code, signal }));
    },
    kill: () => void child.kill('SIGKILL'),
  };
}
