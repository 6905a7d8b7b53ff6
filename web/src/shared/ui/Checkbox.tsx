import { useId, type ReactNode } from 'react';

export interface CheckboxProps {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  children: ReactNode;
  disabled?: boolean;
  name?: string;
}

export function Checkbox({ checked, onCheckedChange, children, disabled, name }: CheckboxProps) {
  const id = useId();
  return (
    <div className="checkbox">
      <input id={id} name={name} type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onCheckedChange(event.target.checked)} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}
