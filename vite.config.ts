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

/**
 * `vite build --mode islands`: the static pages' island script (src/web/islands) as one self-contained file, which
 * the page renderer puts inline in their HTML (src/prerender/render-pages.ts): no request stands before their paint.
 */
const islandsBuild = defineConfig({
  root: 'src/web',
  publicDir: false,
  build: {
    outDir: '../../dist/islands',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    rollupOptions: {
      input: fileURLToPath(new URL('src/web/islands/static-page.ts', import.meta.url)),
      output: { entryFileNames: '[name].js', format: 'es' },
    },
  },
});

export default defineConfig((env) =>
  env.mode === 'islands'
    ? islandsBuild
    : {
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
          outDir: env.isSsrBuild ? '../../dist/ssr' : '../../dist/web',
          emptyOutDir: true,
          target: 'es2022',
          reportCompressedSize: true,
          // The server's page renderer reads the manifest for the app's stylesheet and chunks
          // (src/prerender/render-pages.ts).
          manifest: !env.isSsrBuild,
        },
        server: {
          port: 5173,
          proxy: Object.fromEntries(apiPrefixes.map((prefix) => [`^/+${prefix}(/|\\?|$)`, { target: apiTarget }])),
        },
      },
);
