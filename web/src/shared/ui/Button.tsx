import { forwardRef, type ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'vk';
  size?: 'normal' | 'small';
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'normal', block = false, className, type = 'button', ...props },
  ref,
) {
  const classes = ['btn', `btn--${variant}`, size === 'small' && 'btn--small', block && 'btn--block', className].filter(Boolean).join(' ');
  return <button ref={ref} type={type} className={classes} {...props} />;
});
