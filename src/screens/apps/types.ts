export type { AppParam } from '../../model/index.js';

/** A custom action of an app, as pbc reads it. */
export interface AppAction {
  name: string;
  label: string;
  description: string;
  /** Level the action needs, when the device says. */
  level?: number;
}
