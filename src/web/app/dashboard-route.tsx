import { lazy } from 'react';
import { DashboardPage } from './dashboard/dashboard-page';

// The C editor (CodeMirror) is loaded only when a student opens a program.
const ProgramWorkspace = lazy(() => import('../features/exercises/workspace/program-workspace'));

/**
 * The dashboard with the exercises feature's workspace in its My Progs section: features don't import each other,
 * the app puts them together. Loaded lazily by app-routes, as the dashboard page was.
 */
export function DashboardRoute() {
  return <DashboardPage programWorkspace={ProgramWorkspace} />;
}
