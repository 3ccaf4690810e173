import type { TestProject } from 'vitest/node';
import { startPgCluster } from './pg-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/** Starts one throwaway cluster for the PostgreSQL test project; each test file gets its own database in it. */
export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  project.provide('pgAdminUrl', cluster.url());
  return () => cluster.stop();
}
