import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TEMPLATE =
  '<html><head><title><!--page-title--></title></head><body><div id="root"><!--app-html--></div></body></html>';

interface MiniatureBuild {
  /** The server-side bundle's `render(url, site, testimonials)`, as module source. */
  render: string;
  /** The app's page template (web/index.html). */
  template?: string;
  /** The build's manifest (web/.vite/manifest.json). */
  manifest?: object;
  /** The static pages' island script. */
  island?: string;
  /** More files under web/, by path. */
  webFiles?: Record<string, string>;
}

/**
 * A build in miniature, in a new temporary folder: what the server's page renderer reads from dist/ (the template,
 * the manifest, the island and the server-side bundle), marked an ES module as the project's package.json marks the
 * real dist/. Returns the folder.
 */
export function miniatureBuild({
  render,
  template = TEMPLATE,
  manifest = { 'index.html': { file: 'assets/index.js' } },
  island = 'document.documentElement.dataset.ready = "true";',
  webFiles = {},
}: MiniatureBuild): string {
  const dist = mkdtempSync(join(tmpdir(), 'course-dist-'));
  mkdirSync(join(dist, 'web', '.vite'), { recursive: true });
  mkdirSync(join(dist, 'ssr'));
  mkdirSync(join(dist, 'islands'));
  writeFileSync(join(dist, 'web', 'index.html'), template);
  writeFileSync(join(dist, 'web', '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [path, text] of Object.entries(webFiles)) {
    mkdirSync(join(dist, 'web', path, '..'), { recursive: true });
    writeFileSync(join(dist, 'web', path), text);
  }
  writeFileSync(join(dist, 'islands', 'static-page.js'), island);
  writeFileSync(join(dist, 'ssr', 'entry-server.js'), render);
  writeFileSync(join(dist, 'package.json'), '{"type":"module"}');
  return dist;
}
