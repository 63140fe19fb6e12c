/** Types of scripts/yoga-trim.mjs (a plain ESM script of the build). */
export declare const REGISTER_METHOD: string;
export declare function yogaKeptMethods(wasm: Uint8Array, words?: Set<string>): string[];
export declare function yogaLoaderTrimmed(text: string): string;
