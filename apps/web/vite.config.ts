import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|sonner|cookie|set-cookie-parser)[\\/]/;
const APP_SHARED =
  /(apps[\\/]web[\\/]src[\\/](components|lib|app)[\\/]|packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$|node_modules[\\/]lucide-react[\\/])/;
/** Signed-in code stays out of the shared chunks. */
const SIGNED_IN =
  /(dashboard-layout|in-page-reminder|components[\\/](charts|analytics-disabled|confirm-dialog|dialog-close|load-error|modal|sign-out-button|tabs|toggle|toggle-checkbox|priority-chip)|lib[\\/](notifications|realtime|reminders|settings))/;

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
              test: (id: string) => APP_SHARED.test(id) && !SIGNED_IN.test(id),
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
