// esbuild plugin: Ink's development mode (environment DEV=true) connects to React
// DevTools and reads Ink's own package.json from disk. pbc's builds replace
// react-devtools-core with an empty stub and ship no Ink package.json, so with DEV=true
// (common in developers' shells) the console would crash at start. This makes Ink's
// isDev() false in the bundle; pbc never runs Ink in development mode. A file whose
// source does not match (another Ink version) is left alone.
import { readFile } from 'node:fs/promises';

const FROM = "const isDev = () => process.env['DEV'] === 'true';";

export const inkNoDevtools = {
  name: 'ink-no-devtools',
  setup(build) {
    build.onLoad({ filter: /[\\/]ink[\\/]build[\\/]utils\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(FROM)) return undefined;
      return { contents: source.replace(FROM, 'const isDev = () => false;'), loader: 'js' };
    });
  },
};
