// Graceful shutdown on SIGTERM/SIGINT: stop taking connections, tell live streams to reconnect elsewhere, let
// background jobs reach their checkpoint, close the database, exit within SHUTDOWN_DEADLINE_MS. scripts/start.mjs
// sets NEXT_MANUAL_SIG_HANDLE so Next's own handler (close the server, wait for every open stream, exit) stays out.
import type { Server } from 'node:http';
import { readObservabilityConfig } from '@/lib/config/observability';
import { errorField, log } from './logger';

/** A step of the drain, run in order of `stage`: streams (0), jobs (1), everything holding the database (2). */
export type DrainStage = 0 | 1 | 2;
type Drain = { name: string; stage: DrainStage; run: () => Promise<void> | void };

type ShutdownState = {
  servers: Set<Server>;
  drains: Set<Drain>;
  draining: boolean;
  installed: boolean;
};

const globalForShutdown = globalThis as unknown as { __consoleShutdown?: ShutdownState };
const state = (): ShutdownState =>
  (globalForShutdown.__consoleShutdown ??= { servers: new Set(), drains: new Set(), draining: false, installed: false });

/** The HTTP server(s) Next listens with, learnt from their first request (Next gives instrumentation no handle). */
export function noteServer(server: Server): void {
  state().servers.add(server);
}

/** True once a shutdown began: /api/ready answers 503 so the balancer stops sending. */
export function isDraining(): boolean {
  return state().draining;
}

/** Registers a step of the drain; returns its removal (a stream that ended on its own). */
export function onDrain(name: string, stage: DrainStage, run: () => Promise<void> | void): () => void {
  const drain: Drain = { name, stage, run };
  state().drains.add(drain);
  return () => state().drains.delete(drain);
}

/** Runs every drain step, stage by stage (steps of one stage together); never throws. */
export async function drainAll(): Promise<void> {
  const s = state();
  s.draining = true;
  for (const stage of [0, 1, 2] as const) {
    const steps = [...s.drains].filter((d) => d.stage === stage);
    await Promise.all(
      steps.map(async (d) => {
        try {
          await d.run();
          log().info({ kind: 'shutdown', step: d.name }, 'drained');
        } catch (error) {
          log().warn({ kind: 'shutdown', step: d.name, error: errorField(error) }, 'drain step failed');
        }
      }),
    );
  }
}

/**
 * The whole shutdown: the listening sockets close (requests in progress finish; idle keep-alive connections are
 * closed), then the drains; the process exits 0 when done or 1 at the deadline, whichever comes first.
 */
export async function shutdown(signal: string, exit: (code: number) => void = (code) => process.exit(code)): Promise<void> {
  const s = state();
  if (s.draining) return;
  let deadlineMs = 10_000;
  try {
    deadlineMs = readObservabilityConfig(process.env).shutdownDeadlineMs;
  } catch {
    // lib/env.ts refused the value at start-up; keep the default here.
  }
  log().info({ kind: 'shutdown', signal, deadlineMs, servers: s.servers.size }, 'shutting down');
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    log().warn({ kind: 'shutdown', deadlineMs }, 'shutdown deadline reached; exiting');
    exit(1);
  }, deadlineMs);
  timer.unref();
  s.draining = true;
  for (const server of s.servers) {
    server.close();
    server.closeIdleConnections?.();
  }
  await drainAll();
  for (const server of s.servers) server.closeAllConnections?.();
  if (timedOut) return;
  clearTimeout(timer);
  log().info({ kind: 'shutdown' }, 'shutdown complete');
  exit(0);
}

/** Forgets drains and the draining flag (unit tests). */
export function resetShutdownForTests(): void {
  globalForShutdown.__consoleShutdown = undefined;
}

export function installShutdownHandlers(): void {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
}
