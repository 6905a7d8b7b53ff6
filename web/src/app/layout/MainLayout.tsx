import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AccessGuard } from '../../features/auth/components/AccessGuard';
import { useAuthFlow } from '../../features/auth/hooks/auth-flow-context';
import { usePageSettled } from '../../shared/lib/page-settled';
import { useSession } from '../../shared/session/session-context';
import { PageLoading } from '../pages/PageLoading';
import { APP_STRINGS } from '../strings';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileBottomBar } from './MobileBottomBar';

const OnlineStatsDialog = lazy(() => import('../../features/online/components/OnlineStatsDialog').then((module) => ({ default: module.OnlineStatsDialog })));
const ChatWidget = lazy(() => import('../../features/chat/components/ChatWidget').then((module) => ({ default: module.ChatWidget })));
const UserAgreementDialog = lazy(() =>
  import('../../features/auth/components/UserAgreementDialog').then((module) => ({ default: module.UserAgreementDialog })),
);

/** Header, guarded content, footer and the phone bottom bar around every main-layout route. */
export function MainLayout() {
  const { user, signOut } = useSession();
  const { openAuthDialog } = useAuthFlow();
  const [onlineOpen, setOnlineOpen] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  // The chat's button and panel load once the page has settled (its code is not the page's).
  const settled = usePageSettled();

  return (
    <div className="layout">
      <a href="#main-content" className="skip-link">
        {APP_STRINGS.skipToContent}
      </a>
      <Header user={user} onSignInClick={() => openAuthDialog('login')} onSignOut={signOut} />
      <main id="main-content" className="layout__main" tabIndex={-1}>
        <AccessGuard>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </AccessGuard>
      </main>
      <Footer onOpenOnlineStats={() => setOnlineOpen(true)} onOpenAgreement={() => setAgreementOpen(true)} />
      <MobileBottomBar />
      {settled ? (
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {onlineOpen ? <OnlineStatsDialog open={onlineOpen} onOpenChange={setOnlineOpen} /> : null}
        {agreementOpen ? <UserAgreementDialog open={agreementOpen} onOpenChange={setAgreementOpen} /> : null}
      </Suspense>
    </div>
  );
}
