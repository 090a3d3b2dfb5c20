import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(resolve(here, 'package.json'), 'utf8')) as { version: string };

/** Deployment build id: BUILD_NUMBER from CI, otherwise a UTC timestamp (yyyymmdd.hhmmss). */
function buildId(): string {
  if (process.env.BUILD_NUMBER) return process.env.BUILD_NUMBER;
  const iso = new Date().toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}.${iso.slice(11, 19).replaceAll(':', '')}`;
}

const BUILD = buildId();

/** Writes dist/build.json, which the server reads on every /getAppVersion call. */
function buildJson(outDir: string): Plugin {
  return {
    name: 'cpb-build-json',
    apply: 'build',
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(resolve(outDir, 'build.json'), `${JSON.stringify({ build: BUILD })}\n`);
    },
  };
}

/**
 * Moves Vite's manifest (each module's chunk and the chunks it imports) from dist/.vite/ to
 * web/.build/, where scripts/check-bundle.mjs reads it: the server serves dist/ as it is.
 */
function moveManifest(outDir: string, to: string): Plugin {
  return {
    name: 'cpb-move-manifest',
    apply: 'build',
    closeBundle() {
      mkdirSync(dirname(to), { recursive: true });
      renameSync(resolve(outDir, '.vite/manifest.json'), to);
    },
  };
}

const outDir = resolve(here, 'dist');

export default defineConfig({
  root: here,
  plugins: [react(), buildJson(outDir), moveManifest(outDir, resolve(here, '.build/manifest.json'))],
  // FullCalendar's plugins and core must be one copy: the lockfile hoists a newer core and daygrid
  // beside the root's timegrid, so every FullCalendar import resolves from web/ (6.1.21).
  resolve: { dedupe: ['@fullcalendar/core', '@fullcalendar/daygrid', '@fullcalendar/interaction'] },
  define: {
    __BUILD__: JSON.stringify(BUILD),
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Which chunks the sign-in page and Home load: scripts/check-bundle.mjs follows the manifest.
    manifest: true,
    // CPB_SOURCEMAP=1 npm run build: source maps, to see which modules make up a chunk.
    sourcemap: process.env.CPB_SOURCEMAP === '1',
    rollupOptions: {
      output: {
        // Libraries every screen needs go in chunks of their own: they change only when a
        // dependency does, so after a deploy a returning browser reloads just the app's code.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/zod\//.test(id)) return 'zod';
          if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18n';
          if (/node_modules\/(react-router|@tanstack)/.test(id)) return 'routerquery';
          return undefined;
        },
      },
    },
  },
});
