import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_SETTINGS } from '../config/constants';

/**
 * The portal's toast layer (SPEC.md section 9): 3 visible, 4000 ms, gap 14 px, Alt+T. Sonner's own
 * defaults already give the 356 px width, the 20 px / 0.11 px/ms swipe and the 200 ms removal.
 */
export function Toaster() {
  return (
    <SonnerToaster
      theme="dark"
      dir="ltr"
      position="bottom-right"
      richColors
      closeButton
      visibleToasts={TOAST_SETTINGS.visibleToasts}
      duration={TOAST_SETTINGS.durationMs}
      gap={TOAST_SETTINGS.gapPx}
      hotkey={[...TOAST_SETTINGS.hotkey]}
      containerAriaLabel="Уведомления"
    />
  );
}
