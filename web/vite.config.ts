import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [react(), graphiqlWithoutFonts],
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
