// The single executable's startup snapshot build (scripts/build.mjs --sea-snapshot,
// scripts/sea-snapshot.mjs): what must not be evaluated into the heap at build time.
//
// Node 20.20 refuses, at `--build-snapshot` (a fatal "global handle not serialized"):
// - node:http and node:https: their HTTP parser binding. In this build every
//   `require("node:http(s)")` of the bundle becomes a proxy that requires the module on first
//   use (`lazyBuiltins`, applied to the output; node:crypto and node:child_process too): pbc's transport and the simulator only use it
//   inside functions, and a module that needed it at load would fail the build, not the host.
// - Intl.Segmenter objects (ICU), which string-width, slice-ansi, ansi-tokenize and
//   src/widgets/text.ts create when they load: `define` makes each a lazy segmenter that
//   creates the real one, with the host's locale, at its first `segment()`.
// And what would be wrong on the jump host if frozen at build time:
// - Ink's colour level (chalk, `colourAtFirstUse`): chalk decides it when it loads from the
//   build machine's stdout and TERM; here it is decided when first used, on the host's
//   terminal and environment (after src/tui/main.ts mapped NO_COLOR; CI set or not, as in
//   dist, where chalk loads while main.ts has CI unset).
// (Ink's CI detection is frozen as "not in CI": scripts/sea.mjs builds with CI unset, which is
// what src/tui/main.ts arranges for dist anyway.) When an anchor is missing the build fails.
import { anchoredEdits } from './sea-esm.mjs';

/** Defined in the snapshot bundle's banner. */
export const SNAPSHOT_HELPERS = `function __pbcLazySegmenter(...a){let s;const g=()=>s??=new Intl.Segmenter(...a);return{segment:(t)=>g().segment(t),resolvedOptions:()=>g().resolvedOptions()}}
function __pbcLazyBuiltin(id){let m;const l=()=>m??=require(id);return new Proxy({},{get:(_,k)=>l()[k],has:(_,k)=>k in l(),ownKeys:()=>Reflect.ownKeys(l()),getOwnPropertyDescriptor:(_,k)=>{const d=Reflect.getOwnPropertyDescriptor(l(),k);return d&&{...d,configurable:true}}})}`;

export const SNAPSHOT_DEFINE = { 'Intl.Segmenter': '__pbcLazySegmenter' };

/**
 * The builtins made lazy in the snapshot: node:http(s) must be (above); node:crypto and
 * node:child_process need not, but pbc and its packages only use them inside functions, and
 * loaded at build time they put ~20 of Node's modules (crypto's classes, child_process's,
 * dgram's) into the heap that every start deserializes: `get` and the console's first frame
 * use neither (docs/performance.md, "What the executable's heap holds").
 */
export const LAZY_BUILTINS = ['http', 'https', 'crypto', 'child_process'];

/**
 * The bundle's text with every require of LAZY_BUILTINS made lazy. (pbc's transport no longer
 * uses node:http, src/api/exchange.ts; a package that does is made lazy here.)
 */
export function lazyBuiltins(text) {
  const any = LAZY_BUILTINS.join('|');
  return text.replace(
    new RegExp(`\\brequire\\("(?:node:)?(${any})"\\)`, 'g'),
    (_, id) => `__pbcLazyBuiltin("node:${id}")`,
  );
}

const CHALK_LAZY = `
import {createSupportsColor as __pbcSupportsColor} from '#supports-color';
import __pbcTty from 'node:tty';
import {startupSnapshot as __pbcSnapshot} from 'node:v8';
function __pbcColourAtFirstUse(object, fd) {
	let level;
	Object.defineProperty(object, 'level', {
		enumerable: true,
		configurable: true,
		get() {
			if (level !== undefined) return level;
			// as in dist, where Ink and chalk load while src/tui/main.ts has CI unset: the
			// console only draws on a terminal, and supports-color takes any CI for no colour
			const ci = process.env.CI;
			delete process.env.CI;
			let found;
			try {
				found = __pbcSupportsColor({isTTY: __pbcTty.isatty(fd)});
			} finally {
				if (ci !== undefined) process.env.CI = ci;
			}
			const value = found ? found.level : 0;
			if (!__pbcSnapshot.isBuildingSnapshot()) level = value;
			return value;
		},
		set(value) {
			level = value;
		},
	});
}
`;

const edits = [
  {
    file: /[\\/]ink[\\/]node_modules[\\/]chalk[\\/]source[\\/]index\.js$/,
    edits: [
      [
        'const chalk = createChalk();\nexport const chalkStderr = createChalk({level: stderrColor ? stderrColor.level : 0});',
        `const chalk = createChalk();\nexport const chalkStderr = createChalk({level: 0});\n__pbcColourAtFirstUse(chalk, 1);\n__pbcColourAtFirstUse(chalkStderr, 2);\n${CHALK_LAZY}`,
      ],
    ],
  },
];

export const colourAtFirstUse = anchoredEdits(
  'sea-snapshot-colour',
  'scripts/sea-snapshot-esm.mjs',
  edits,
  { required: true },
);
