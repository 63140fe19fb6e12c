/**
 * What a screen with an editor (Rules, Groups) holds around it: the device as the editor
 * sees it, who may write, the confirmation, the editor's form, the traffic view its impact is
 * computed from and the predicted-vs-measured check after apply. Written once for both.
 */
import { usePortRates } from '../../store/react.js';
import { type FormRef, useFormRef } from '../../widgets/forms/editor-form.js';
import { type DeviceView, useDeviceView, useWriteRefusal } from '../device-view.js';
import { type TrafficView, useTrafficView } from '../traffic-view.js';
import { useChange } from '../use-change.js';
import { type PredictionCheck, usePredictionCheck } from './impact-check.js';

export interface EditSession<F> {
  device: DeviceView;
  /** Why this console may not write (--readonly, the account's level), else null. */
  refused: string | null;
  change: ReturnType<typeof useChange>;
  formRef: FormRef<F>;
  /** The form open now, else null. */
  form: F | null;
  traffic: TrafficView;
  prediction: PredictionCheck;
}

export function useEditSession<F>(notify: (message: string) => void): EditSession<F> {
  const device = useDeviceView();
  const refused = useWriteRefusal();
  const change = useChange(refused, notify);
  const formRef = useFormRef<F>();
  // the traffic impact beside the editor's preview, and predicted vs measured after apply
  const traffic = useTrafficView(usePortRates());
  const prediction = usePredictionCheck(traffic, notify);
  return { device, refused, change, formRef, form: formRef.current(), traffic, prediction };
}
