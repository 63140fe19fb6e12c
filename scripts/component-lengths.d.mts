// Types of scripts/component-lengths.mjs for its test (test/lint/component-length.test.ts).
export interface ComponentLength {
  file: string;
  name: string;
  line: number;
  lines: number;
}
export const LIMIT: number;
export const FOLDERS: string[];
export function componentsOf(file: string, text: string): ComponentLength[];
export function componentLengths(root: string, folders?: readonly string[]): ComponentLength[];
