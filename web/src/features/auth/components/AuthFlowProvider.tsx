import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { AuthFlowContext, type AuthFlow, type AuthTab } from '../hooks/auth-flow-context';

// The dialog (forms, captcha, Telegram widget) loads on first open, keeping it out of the entry chunk.
const AuthDialog = lazy(() => import('./AuthDialog').then((module) => ({ default: module.AuthDialog })));

export interface AuthFlowProviderProps {
  children: ReactNode;
}

export function AuthFlowProvider({ children }: AuthFlowProviderProps) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AuthTab>('login');

  const flow = useMemo<AuthFlow>(
    () => ({
      openAuthDialog: (nextTab = 'login') => {
        setTab(nextTab);
        setOpen(true);
      },
      closeAuthDialog: () => setOpen(false),
    }),
    [],
  );

  return (
    <AuthFlowContext.Provider value={flow}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <AuthDialog open={open} onOpenChange={setOpen} tab={tab} onTabChange={setTab} />
        </Suspense>
      ) : null}
    </AuthFlowContext.Provider>
  );
}
