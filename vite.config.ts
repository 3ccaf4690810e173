import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// API paths the dev server hands to the Fastify process (scripts/dev.mjs). Anchored regexes, so that
// a page such as /studentsignup (routes are case-insensitive) never reaches the API.
const apiPrefixes = [
  'students',
  'courses',
  'programs',
  'student_programs',
  'api',
  'invite_email',
  'forgot_password',
  'reset_password',
  'change_password',
  'healthz',
  'uploads',
];
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  plugins: [react()],
  css: {
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: isSsrBuild ? '../../dist/ssr' : '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    // The server's page renderer reads the manifest for the static pages' island script and the app's chunks
    // (src/prerender/render-pages.ts).
    manifest: !isSsrBuild,
    rollupOptions: isSsrBuild
      ? undefined
      : {
          input: {
            main: fileURLToPath(new URL('src/web/index.html', import.meta.url)),
            islands: fileURLToPath(new URL('src/web/islands/static-page.ts', import.meta.url)),
          },
        },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [`^/+${prefix}(/|\\?|$)`, { target: apiTarget }])),
  },
}));
