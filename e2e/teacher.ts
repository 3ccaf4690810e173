/** The teacher's account, as the browser tests' sites are started with it (scripts/e2e-server.mjs). */
export const ADMIN = { email: 'teacher@example.com', password: 'Teacher#2026' };
