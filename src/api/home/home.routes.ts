import { route } from '../http/endpoint-route.js';
import { homeEndpoints } from '../../contracts/home.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { Area } from '../app-deps.js';
import { createHomeService } from './home.service.js';

/** The student's home, built on the schedule area's service (a student's classes). */
export const homeRoutes: Area = async (app, deps) => {
  const home = createHomeService(deps);
  // The signed-in student's own home (the admin is refused: the overview is theirs).
  route(app, homeEndpoints.home, async (request) => home.home(currentStudent(request)));
};
