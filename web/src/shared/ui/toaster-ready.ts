let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Resolves once a Toaster is on screen: sonner keeps no toast sent before, so `notify` waits for it. */
export const toasterMounted = (): Promise<void> => mounted;

/** Called by the Toaster when it mounts. */
export const markToasterMounted = (): void => markMounted();
