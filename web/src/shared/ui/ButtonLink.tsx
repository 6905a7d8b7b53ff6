import { Link, type LinkProps } from 'react-router-dom';
import type { ButtonProps } from './Button';

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonProps['variant'];
  block?: boolean;
}

export function ButtonLink({ variant = 'primary', block = false, className, ...props }: ButtonLinkProps) {
  const classes = ['btn', `btn--${variant}`, block && 'btn--block', className].filter(Boolean).join(' ');
  return <Link className={classes} {...props} />;
}
