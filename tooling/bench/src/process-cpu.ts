import { readdirSync, readFileSync } from 'node:fs';
import { round } from './setup';

/**
 * Where a load's CPU went, from Linux's /proc (null elsewhere): CPU milliseconds per request of the API server
 * (its process and its children), of PostgreSQL (every `postgres` process) and of the load generator (this
 * process), and how the server's event loop spent the run — on a CPU, or runnable and waiting for one. Throughput
 * on a shared, noisy machine moves with the machine; CPU per request moves with the code.
 */

/** Linux reports times in clock ticks of USER_HZ, 100 a second on every architecture Node runs on. */
const TICK_MS = 10;

interface ProcessTimes {
  /** CPU milliseconds (user + system) by process id. */
  cpuMs: Map<number, number>;
  parents: Map<number, number>;
  commands: Map<number, string>;
}

export interface CpuSnapshot {
  at: number;
  processes: ProcessTimes;
  /** The server's main thread: nanoseconds on a CPU and runnable but waiting (/proc/<pid>/schedstat). */
  eventLoop: { onCpuNs: number; waitingNs: number } | null;
  generatorMs: number;
}

export interface CpuPerRequest {
  serverMs: number;
  postgresMs: number | null;
  generatorMs: number;
  /** Shares of the run's wall-clock time: the server's event loop running, and runnable but not running. */
  serverEventLoop: { onCpu: number; waitingForCpu: number } | null;
}

/** Every process's /proc/<pid>/stat: its command and the fields after it (a process gone since the listing is skipped). */
function* processStats(): Generator<{ pid: number; command: string; fields: string[] }> {
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so the fields start after the last ')'.
    const close = stat.lastIndexOf(')');
    yield {
      pid,
      command: stat.slice(stat.indexOf('(') + 1, close),
      fields: stat.slice(close + 2).split(' '),
    };
  }
}

function readProcesses(): ProcessTimes {
  const cpuMs = new Map<number, number>();
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const { pid, command, fields } of processStats()) {
    commands.set(pid, command);
    parents.set(pid, Number(fields[1]));
    cpuMs.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
  }
  return { cpuMs, parents, commands };
}

function readEventLoop(pid: number): CpuSnapshot['eventLoop'] {
  try {
    const [onCpuNs, waitingNs] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { onCpuNs: onCpuNs as number, waitingNs: waitingNs as number };
  } catch {
    return null;
  }
}

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot | null {
  if (process.platform !== 'linux' || serverPid === undefined) return null;
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    processes: readProcesses(),
    eventLoop: readEventLoop(serverPid),
    generatorMs: (usage.user + usage.system) / 1000,
  };
}

/** The process and its descendants. */
function tree(root: number, parents: Map<number, number>): Set<number> {
  const members = new Set([root]);
  let grown = true;
  while (grown) {
    grown = false;
    for (const [pid, parent] of parents) {
      if (!members.has(pid) && members.has(parent)) {
        members.add(pid);
        grown = true;
      }
    }
  }
  return members;
}

/** CPU used between the snapshots by these processes (those that ended between them are not counted). */
function usedMs(before: ProcessTimes, after: ProcessTimes, pids: Iterable<number>): number {
  let sum = 0;
  for (const pid of pids) sum += (after.cpuMs.get(pid) ?? 0) - (before.cpuMs.get(pid) ?? 0);
  return sum;
}

export function cpuPerRequest(
  before: CpuSnapshot | null,
  after: CpuSnapshot | null,
  serverPid: number,
  requests: number,
  postgres: boolean,
): CpuPerRequest | null {
  if (!before || !after || requests === 0) return null;
  const perRequest = (ms: number) => round(ms / requests, 3);
  const postgresPids = [...after.processes.commands]
    .filter(([, command]) => command === 'postgres')
    .map(([pid]) => pid);
  const wallNs = (after.at - before.at) * 1e6;
  const share = (ns: number) => round(ns / wallNs, 3);
  return {
    serverMs: perRequest(usedMs(before.processes, after.processes, tree(serverPid, after.processes.parents))),
    postgresMs: postgres ? perRequest(usedMs(before.processes, after.processes, postgresPids)) : null,
    generatorMs: perRequest(after.generatorMs - before.generatorMs),
    serverEventLoop:
      before.eventLoop && after.eventLoop
        ? {
            onCpu: share(after.eventLoop.onCpuNs - before.eventLoop.onCpuNs),
            waitingForCpu: share(after.eventLoop.waitingNs - before.eventLoop.waitingNs),
          }
        : null,
  };
}

/**
 * CPU nanoseconds the local PostgreSQL has used so far (null off Linux): every live `postgres` process from its
 * schedstat (nanoseconds, so one query's share is readable), plus what the postmaster's ended children used —
 * a parallel worker starts and ends inside one query (clock ticks, 10 ms: exact over a run, coarse per query).
 */
export function postgresCpuNs(): { liveNs: number; endedChildrenNs: number } | null {
  if (process.platform !== 'linux') return null;
  let liveNs = 0;
  let endedChildrenNs = 0;
  for (const { pid, command, fields } of processStats()) {
    if (command !== 'postgres') continue;
    let schedstat: string;
    try {
      schedstat = readFileSync(`/proc/${pid}/schedstat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    liveNs += Number(schedstat.split(' ')[0]);
    // cutime + cstime: the children it has waited for. Only the postmaster has postgres children.
    endedChildrenNs += (Number(fields[13]) + Number(fields[14])) * TICK_MS * 1e6;
  }
  return { liveNs, endedChildrenNs };
}
