// Types of scripts/check-layers.mjs for its test (test/lint/layers.test.ts).
export const EXCEPTIONS: string[];
export const LAYERS: string[];
export const FORBIDDEN: Record<string, string[]>;
export function importsOf(file: string, text: string): string[];
export function cyclesOf(edges: Map<string, string[]>): string[][];
export function checkLayers(root: string, exceptions?: readonly string[]): string[];
