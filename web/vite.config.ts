import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { THEME_COLOUR } from './src/app/colors';

/**
 * The member site as an installable app that works offline (issue 15, docs/offline.md): the
 * manifest, and a service worker made by Workbox at build time. It precaches the app shell
 * (index.html, the JavaScript and CSS the member site and the form filler need, the icons),
 * so a form opens without a connection and a tab left open across a deploy still finds the
 * lazy chunks it was built with. Navigations fall back to index.html, never for /api/ nor
 * the single sign-on pages; no API answer is ever cached by the service worker (what is kept
 * offline is kept per user in IndexedDB by the app). A new version waits until the member
 * reloads (src/offline/register-sw.ts asks), so a stale tab never mixes two builds.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  // Registered by the app itself, in production builds only (src/offline/register-sw.ts).
  injectRegister: false,
  includeAssets: ['icons/favicon-32.png', 'icons/icon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Safety Hub',
    short_name: 'Safety Hub',
    description: 'Workplace health and safety forms, assets, documents and licences for member organisations',
    lang: 'en-AU',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
    // The back-office's query explorer (GraphiQL and its editor, about 1 MB) is not for phones
    // in the field: loaded from the network when an administrator opens it.
    globIgnores: ['**/graphiql*', '**/GraphiqlPage*'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/Saml(?:\/|$)/],
    cleanupOutdatedCaches: true,
    skipWaiting: false,
    clientsClaim: false,
    // Nothing at run time: API answers are never put in the Cache API.
    runtimeCaching: [],
    maximumFileSizeToCacheInBytes: 3_000_000,
  },
  devOptions: { enabled: false },
});

/**
 * GraphiQL's stylesheet embeds its Roboto and Fira Code fonts (about 360 kB of the explorer's
 * 410 kB of CSS); the explorer uses the hub's fonts instead (GraphiqlPage.css), so they are
 * left out.
 */
const graphiqlWithoutFonts: Plugin = {
  name: 'hub:graphiql-without-fonts',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]graphiql[\\/]dist[\\/]style\.css$/.test(id)) return null;
    return { code: code.replace(/@font-face\s*\{[^}]*\}/g, ''), map: null };
  },
};

export default defineConfig({
  plugins: [react(), graphiqlWithoutFonts, pwa],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/Saml': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // react-compiler-runtime (GraphiQL's) opens with a "use no memo" directive meant for
      // the React compiler, which the bundle does not need: not worth a warning on every build.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.id?.includes('react-compiler-runtime')) return;
        handler(level, log);
      },
      output: {
        // The query explorer's editor (CodeMirror 5, its GraphQL modes and the graphql modules
        // they need): a chunk of its own beside GraphiQL's, so neither passes the size warning;
        // both load only when the explorer opens.
        codeSplitting: { groups: [{ name: 'graphiql-editor', test: /node_modules[\\/](codemirror|codemirror-graphql)[\\/]/ }] },
      },
    },
  },
});
