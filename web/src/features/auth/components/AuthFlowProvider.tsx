import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { AuthFlowContext, type AuthFlow, type AuthTab } from '../hooks/auth-flow-context';

// The dialog (forms, captcha, Telegram widget) loads on first open, keeping it out of the entry chunk.
const AuthDialog = lazy(() => import('./AuthDialog').then((module) => ({ default: module.AuthDialog })));

export interface AuthFlowProviderProps {
  children: ReactNode;
  /** The app shows the reward card dialog; the auth feature only announces the card. */
  onCardReward(file: string): void;
}

export function AuthFlowProvider({ children, onCardReward }: AuthFlowProviderProps) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AuthTab>('login');

  const flow = useMemo<AuthFlow>(
    () => ({
      openAuthDialog: (nextTab = 'login') => {
        setTab(nextTab);
        setOpen(true);
      },
      closeAuthDialog: () => setOpen(false),
      announceCardReward: onCardReward,
    }),
    [onCardReward],
  );

  return (
    <AuthFlowContext.Provider value={flow}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <AuthDialog
            open={open}
            onOpenChange={setOpen}
            tab={tab}
            onTabChange={setTab}
            onRegistered={(cardReward) => {
              if (cardReward) onCardReward(cardReward);
            }}
          />
        </Suspense>
      ) : null}
    </AuthFlowContext.Provider>
  );
}
