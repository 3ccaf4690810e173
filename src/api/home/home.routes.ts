import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeSchema } from '../../contracts/home.js';
import { currentStudent } from '../auth/auth-guard.js';
import type { HomeService } from './home.service.js';

export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService }> = async (app, { home }) => {
  // The signed-in student's own home (the admin is refused: the overview is theirs).
  app.get('/api/v1/me/home', { schema: { response: { 200: homeSchema } } }, async (request) =>
    home.home(currentStudent(request)),
  );
};
