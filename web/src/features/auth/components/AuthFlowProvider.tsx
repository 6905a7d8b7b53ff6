import { useMemo, useState, type ReactNode } from 'react';
import { AuthFlowContext, type AuthFlow, type AuthTab } from '../hooks/auth-flow-context';
import { AuthDialog } from './AuthDialog';

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
      <AuthDialog
        open={open}
        onOpenChange={setOpen}
        tab={tab}
        onTabChange={setTab}
        onRegistered={(cardReward) => {
          if (cardReward) onCardReward(cardReward);
        }}
      />
    </AuthFlowContext.Provider>
  );
}
