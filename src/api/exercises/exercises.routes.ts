import { exerciseMessages } from '../../contracts/exercises/limits.js';
import type { Area } from '../app-deps.js';
import { eventStreams } from '../http/event-stream.js';
import { authoringRoutes } from './authoring/authoring.routes.js';
import { createAuthoringService } from './authoring/authoring.service.js';
import { createExerciseJobs } from './exercise-jobs.js';
import { supervisionRoutes } from './supervision/supervision.routes.js';
import { createSupervisionService } from './supervision/supervision.service.js';
import { workspaceRoutes } from './workspace/workspace.routes.js';
import { createWorkspaceService } from './workspace/workspace.service.js';

/**
 * The C exercises, in three parts: authoring (the teacher's tests and the exercise bank), the student's workspace
 * (draft, Run, Step through, Submit) and the teacher's supervision (live view and comments). They share one grader
 * job per person at a time and one cap on a person's open event streams.
 */
export const exercisesRoutes: Area = async (app, deps) => {
  const jobs = createExerciseJobs(deps);
  const streams = eventStreams(app, {
    registry: deps.streams,
    cap: { maxStreamsPerAccount: 5, tooMany: exerciseMessages.tooManyStreams },
  });
  authoringRoutes(app, createAuthoringService({ ...deps, jobs }));
  workspaceRoutes(app, createWorkspaceService({ ...deps, jobs }), streams);
  supervisionRoutes(app, createSupervisionService({ ...deps, jobs }), streams);
};
