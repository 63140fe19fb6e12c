/** What the fleet screen is given by the console started with --fleet (src/tui/fleet-console.ts). */
import { createContext, useContext } from 'react';
import type { FleetPoller } from '../../store/fleet.js';

export interface FleetControl {
  /** The fleet's name in the config file. */
  fleet: string;
  poller: FleetPoller;
  /** Switches the whole console to this device (its screens, client and store). */
  open(device: string): void;
  /** The device the console shows now. */
  current(): string;
  /** The fleet screen is shown (true) or a device's screens are (false). */
  shown(fleetVisible: boolean): void;
}

export const FleetContext = createContext<FleetControl | null>(null);

export const useFleet = (): FleetControl | null => useContext(FleetContext);
