import type { Endpoint } from '@daywise/shared/api/endpoint';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER = /node_modules[\\/](react-router|@tanstack|cookie|set-cookie-parser)[\\/]/;
const APP_ENTRY = /apps[\\/]web[\\/]src[\\/]main\.tsx$/;
const HOME_ENTRY = /apps[\\/]web[\\/]src[\\/]home\.tsx$/;
const COMPONENTS = /apps[\\/]web[\\/]src[\\/]components[\\/]/;
const ICON_INDEX = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.m?js$/;

/**
 * Finds, once the module graph is built, every module an entry imports statically, directly or
 * not (the entry itself aside): what a prerendered page loads before it can hydrate. The chunks
 * every page loads are made of exactly those, so a helper that only signed-in pages import can
 * never slip into them, as a hand-kept list of exclusions let happen twice (ADR 0018).
 */
function firstLoadModules(entry: RegExp): Plugin & { modules: Set<string> } {
  const modules = new Set<string>();
  return {
    name: `daywise:first-load-modules:${entry.source}`,
    apply: 'build',
    modules,
    buildEnd() {
      modules.clear();
      const visit = (id: string) => {
        if (modules.has(id)) {
          return;
        }
        modules.add(id);
        // The icon library's index names every icon the app uses anywhere; a page's first load
        // takes only the icons its own modules import, which the bundler places itself.
        if (!ICON_INDEX.test(id)) {
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        }
      };
      const entries = [...this.getModuleIds()].filter((id) => entry.test(id));
      entries.forEach(visit);
      // The entry stays in its own chunk: the app's awaits the first page's route module, which
      // imports this chunk, and a chunk awaiting a module that imports it never settles.
      entries.forEach((id) => modules.delete(id));
    },
  };
}

const API_CONTRACT = '@daywise/shared/api';
const API_ROUTES = '\0api-routes';

/**
 * The API contract as the browser needs it: each endpoint's method, path and whether it is
 * idempotent, all `callApi` reads (src/lib/api-client.ts). The contract itself carries every
 * endpoint's zod schemas, and building them as the modules load was over half of the signed-in
 * pages' blocking time (ADR 0018, No zod on signed-in pages). The browser's build imports this
 * module in its place, written from the contract as it loads in Node, so the two cannot drift; an
 * import of anything else from the contract fails the build. Types still come from the contract
 * itself.
 */
function apiRoutesOnly(): Plugin {
  return {
    name: 'daywise:api-routes-only',
    enforce: 'pre',
    apply: 'build',
    resolveId(id) {
      return id === API_CONTRACT ? API_ROUTES : null;
    },
    async load(id) {
      if (id !== API_ROUTES) {
        return null;
      }
      const endpointModule = await this.resolve(`${API_CONTRACT}/endpoint`);
      if (!endpointModule) {
        throw new Error(`${API_CONTRACT}/endpoint did not resolve`);
      }
      const { module } = await runnerImport<Record<string, unknown>>(API_CONTRACT, {
        configFile: false,
        logLevel: 'silent',
      });
      const groups = Object.entries(module).flatMap(([name, value]) => {
        const endpoints = value && typeof value === 'object' ? Object.entries(value) : [];
        const routes = endpoints.map(([key, endpoint]: [string, Partial<Endpoint>]) =>
          endpoint.method && endpoint.path
            ? [
                key,
                { method: endpoint.method, path: endpoint.path, idempotent: endpoint.idempotent },
              ]
            : null,
        );
        return routes.length > 0 && routes.every(Boolean)
          ? [
              `export const ${name} = ${JSON.stringify(Object.fromEntries(routes as [string, unknown][]))};`,
            ]
          : [];
      });
      return [`export * from ${JSON.stringify(endpointModule.id)};`, ...groups].join('\n');
    },
  };
}

const appFirstLoad = firstLoadModules(APP_ENTRY);
const homeFirstLoad = firstLoadModules(HOME_ENTRY);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    appFirstLoad,
    homeFirstLoad,
    // The page renderer runs in Node and keeps the whole contract.
    ...(isSsrBuild ? [] : [apiRoutesOnly()]),
  ],
  // The page renderer (src/entry-server.tsx) carries its dependencies, built for production: the
  // server draws signed-in pages with it at run time, whatever NODE_ENV it runs with (ADR 0018).
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  build: {
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      // The app, and the home page's own entry without the router (ADR 0018, The home page's
      // own entry).
      input: { index: 'index.html', home: 'src/home.tsx' },
      output: {
        // A few chunks for what the first page needs, instead of a couple of dozen small ones:
        // fewer requests before it can hydrate. Everything else is split by route. The router
        // and the query cache have a chunk of their own, which the home page does not load;
        // what the home page and the app's first page share, and the home page's building blocks
        // from components/ (most pages use them), is one chunk both load.
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 30 },
            { name: 'router', test: ROUTER, priority: 30 },
            {
              name: 'public',
              test: (id: string) =>
                homeFirstLoad.modules.has(id) &&
                (appFirstLoad.modules.has(id) || COMPONENTS.test(id)),
              priority: 20,
            },
            { name: 'home', test: (id: string) => homeFirstLoad.modules.has(id), priority: 15 },
            { name: 'app', test: (id: string) => appFirstLoad.modules.has(id), priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
}));
