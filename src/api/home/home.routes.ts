import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../http/endpoint-route.js';
import { homeEndpoints } from '../../contracts/home.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { HomeService } from './home.service.js';

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  // The signed-in student's own home (the admin is refused: the overview is theirs).
  route(app, homeEndpoints.home, async (request) => home.home(currentStudent(request)));
};
