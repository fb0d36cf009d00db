import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'client',
  plugins: [react()],
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
