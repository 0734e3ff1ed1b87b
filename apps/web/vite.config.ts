import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|cookie|set-cookie-parser)[\\/]/;
const APP_SHARED =
  /(apps[\\/]web[\\/]src[\\/](components|lib|app)[\\/]|packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$|node_modules[\\/]lucide-react[\\/])/;
/**
 * Code only some pages need stays out of the shared chunks: signed-in code, and the form code of
 * the public forms (react-hook-form comes with it).
 */
const NOT_ON_EVERY_PAGE =
  /(dashboard-layout|in-page-reminder|components[\\/](avatar|charts|analytics-disabled|confirm-dialog|dialog-close|email-address|load-error|modal|name-email-fields|sign-out-button|tabs|toggle|toggle-checkbox|priority-chip|use-close-on-back)|lib[\\/](deferred-delete|notifications|optimistic|push|realtime|reminders|settings|use-public-form)|shared[\\/]src[\\/](devices|reminders)\.ts$)/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Two chunks for what every page needs, instead of a couple of dozen small ones the
        // lazy routes would otherwise share: fewer requests before the first page can hydrate.
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 20 },
            {
              name: 'app',
              test: (id: string) => APP_SHARED.test(id) && !NOT_ON_EVERY_PAGE.test(id),
              priority: 10,
            },
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
