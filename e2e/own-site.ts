import { test } from './fixtures.js';

/**
 * Tests whose changes would disturb the others run on their own copy of the built site, one per worker, on its own
 * database: Site Settings (the fee and FAQ other specs check) and the question bank (a question added and deleted
 * while a student beside it is dealt a test). Each test still makes its own data; none waits for another to end.
 * The copy is the worker fixture `ownSite` of every test (fixtures.ts), started only when a test first asks for it:
 * declared here, it made these tests a worker of their own, and each switch to or from them started a new worker
 * and browser.
 */
export const ownSiteTest = test.extend({
  baseURL: async ({ ownSite }, use) => use(ownSite),
});
