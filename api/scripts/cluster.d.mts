// Types of api/scripts/cluster.mjs for the cluster benchmark (api/bench/cluster.ts).
import type { ChildProcess, StdioOptions } from 'node:child_process';

export const HAPROXY_CONFIG: string;

export function haproxyConfig(port: number, apiPorts: number[], template?: string): string;

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
  haproxy: ChildProcess;
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
  startupSeconds?: number;
}): Promise<Cluster>;

export type { StdioOptions };
