import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    // The installable app and its offline shell (docs/app.md, "Offline"; decision 0019). The worker is
    // registered by a two-line script of its own (registerSW.js), so the sign-in page loads no Workbox code.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      manifest: {
        name: 'Hullvis',
        short_name: 'Hullvis',
        description: 'Scorekort, runder og turneringer for golfere',
        lang: 'nb',
        dir: 'ltr',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1f5f3a',
        background_color: '#f6f7f4',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // Our own worker (client/src/sw.ts), built by Vite like the app: the generated one is bundled by
      // workbox-build's Babel and Terser, which took 45 s of every build on this machine.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectManifest: {
        // The shell: index.html, every screen's chunk and style, the icons. Source maps stay on the server.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
      },
    }),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // Vite's own hot-reload socket stays off /trpc, which belongs to the service's WebSocket server.
    hmr: { port: 24678 },
  },
});
