import * as Tabs from '@radix-ui/react-tabs';
import { Dialog } from '../../../shared/ui/Dialog';
import type { AuthTab } from '../hooks/auth-flow-context';
import { AUTH_STRINGS } from '../strings';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export interface AuthDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  tab: AuthTab;
  onTabChange(tab: AuthTab): void;
}

export function AuthDialog({ open, onOpenChange, tab, onTabChange }: AuthDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={AUTH_STRINGS.dialogTitle} description={AUTH_STRINGS.dialogDescription} hideDescription widthPx={460}>
      <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value as AuthTab)}>
        <Tabs.List className="tabs__list" aria-label={AUTH_STRINGS.tabsLabel}>
          <Tabs.Trigger className="tabs__trigger" value="login">
            {AUTH_STRINGS.loginTab}
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="register">
            {AUTH_STRINGS.registerTab}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login">
          <LoginForm onSuccess={() => onOpenChange(false)} />
        </Tabs.Content>
        <Tabs.Content value="register">
          <RegisterForm onSuccess={() => onOpenChange(false)} />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}
