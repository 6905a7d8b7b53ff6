import * as RadixDialog from '@radix-ui/react-dialog';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import { UI_STRINGS } from './strings';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** Read by screen readers when the dialog opens; hidden visually when `hideDescription` is set. */
  description?: string;
  hideDescription?: boolean;
  widthPx?: number;
  children: ReactNode;
}

/** Modal dialog on Radix: focus trap, Escape and outside click close it, focus returns to the opener. */
export function Dialog({ open, onOpenChange, title, description, hideDescription, widthPx, children }: DialogProps) {
  const style = widthPx ? ({ '--dialog-width': `${widthPx}px` } as CSSProperties) : undefined;
  // Opened by state, not by a Radix trigger: Radix would give the focus back to a trigger only, so the
  // element focused when the dialog opened (the button that opened it) gets it back instead.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className="dialog__content"
          style={style}
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="dialog__close" aria-label={UI_STRINGS.close}>
              ×
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className={hideDescription ? 'visually-hidden' : 'dialog__description'}>{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
