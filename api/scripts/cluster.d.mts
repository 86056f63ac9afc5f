// Types of api/scripts/cluster.mjs for the cluster benchmark (api/bench/cluster.ts).
import type { ChildProcess, StdioOptions } from 'node:child_process';

export const HAPROXY_CONFIG: string;

export function haproxyConfig(
  port: number,
  apiPorts: number[],
  template?: string,
  haproxyProcesses?: number,
): string;

/** The open files a process started by the cluster may have (the hard limit). */
export function openFileLimit(): number;

/** The connections one HAProxy process holds within that limit. */
export function haproxyConnectionsPerProcess(limit?: number): number;

/** deploy/haproxy.cfg's global `maxconn`. */
export function configuredMaxconn(template?: string): number;

export interface ClusterProcess {
  name: string;
  port: number;
  base: string;
  child: ChildProcess | undefined;
  start(): Promise<ClusterProcess>;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

export interface Cluster {
  front: string;
  processes: ClusterProcess[];
  /** The first HAProxy process. */
  haproxy: ChildProcess;
  /** Every HAProxy process listening on the port. */
  haproxies: ChildProcess[];
  configFile: string;
  stop(): Promise<void>;
}

export function startCluster(options?: {
  nodes?: number;
  port?: number;
  apiPort?: number;
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  stdio?: 'inherit' | 'ignore' | 'pipe';
  haproxyStdio?: 'inherit' | 'ignore' | 'pipe';
  haproxyProcesses?: number;
  startupSeconds?: number;
}): Promise<Cluster>;

export type { StdioOptions };
