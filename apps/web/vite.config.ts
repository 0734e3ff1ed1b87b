import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|cookie|set-cookie-parser)[\\/]/;
const ENTRY = /apps[\\/]web[\\/]src[\\/]main\.tsx$/;

/**
 * Finds, once the module graph is built, every module the entry imports statically, directly or
 * not (the entry itself aside): what a prerendered public page loads before it can hydrate. The
 * chunk every page loads is made of exactly those, so a helper that only signed-in pages import
 * can never slip into it, as a hand-kept list of exclusions let happen twice (ADR 0018).
 */
function firstLoadModules(): Plugin & { modules: Set<string> } {
  const modules = new Set<string>();
  return {
    name: 'daywise:first-load-modules',
    apply: 'build',
    modules,
    buildEnd() {
      modules.clear();
      const visit = (id: string) => {
        if (modules.has(id)) {
          return;
        }
        modules.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(visit);
      };
      const entries = [...this.getModuleIds()].filter((id) => ENTRY.test(id));
      entries.forEach(visit);
      // The entry stays in its own chunk: it awaits the first page's route module, which
      // imports this chunk, and a chunk awaiting a module that imports it never settles.
      entries.forEach((id) => modules.delete(id));
    },
  };
}

const firstLoad = firstLoadModules();

export default defineConfig({
  plugins: [react(), tailwindcss(), firstLoad],
  build: {
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Two chunks for what the first page needs, instead of a couple of dozen small ones:
        // fewer requests before it can hydrate. Everything else is split by route.
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 20 },
            { name: 'app', test: (id: string) => firstLoad.modules.has(id), priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
