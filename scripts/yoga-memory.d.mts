/** Types of scripts/yoga-memory.mjs (a plain ESM script of the build). */
export declare const YOGA_INITIAL_PAGES: number;
export declare function yogaInitialMemory(wasm: Uint8Array, pages?: number): Buffer;
export declare function yogaLoaderWasm(text: string): Buffer;
export declare function yogaLoaderInitialMemory(text: string): string;
