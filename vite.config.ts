import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import packageJson from './package.json' with { type: 'json' };
import { signedInChunkName } from './scripts/lib/signed-in-chunk.ts';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  // The build's version, sent with feedback (src/web/lib/app-version.ts).
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/prerender.ts reads it to preload each prerendered page's chunks.
    manifest: true,
    chunkSizeWarningLimit: 400,
    // The signed-in area's small shared modules in two chunks, not ~70 (decision 225). Their
    // dependencies are not pulled in with them: those the landing page uses (React, i18next) stay put.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: signedInChunkName(), includeDependenciesRecursively: false }] } } },
    modulePreload: {
      // The landing page's showcase loads when scrolled near (decision 223): its chunk brings its
      // own imports then, rather than a list of them weighing on the landing page's first load.
      resolveDependencies: (file, dependencies) => (file.includes('product-showcase') ? [] : dependencies),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
