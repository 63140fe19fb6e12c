/** The contract between the app frame and a screen. */
export type KeyHandler = (key: string) => boolean;

export interface ScreenProps {
  width: number;
  height: number;
  /** The live `/` filter text ('' for none). */
  filter: string;
  /** The screen sets this to receive keys first; it returns true when it used the key. */
  keys: { current: KeyHandler | null };
  /** One-line message for the status bar. */
  notify(message: string): void;
}
