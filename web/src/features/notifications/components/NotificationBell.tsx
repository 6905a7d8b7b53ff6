import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../shared/session/session-context';
import { unreadCountQuery } from '../api/notifications-api';
import { useNotificationsLive } from '../hooks/useNotificationsLive';
import { badgeText } from '../lib/notifications-cache';
import { NOTIFICATIONS_STRINGS } from '../strings';
import '../notifications.css';

// The list (infinite query, items, actions) loads on the first open only.
const NotificationList = lazy(() => import('./NotificationList').then((module) => ({ default: module.NotificationList })));

export interface NotificationBellProps {
  /** Starts open (stories). */
  defaultOpen?: boolean;
}

/**
 * The header's bell (docs/web.md, «Notifications»): for a signed-in user only. The unread badge is read
 * on mount and kept live by the `/notifications` socket; a click opens the list in a popover.
 */
export function NotificationBell({ defaultOpen = false }: NotificationBellProps) {
  const { user, token } = useSession();
  if (!user || !token) return null;
  return <SignedInBell userId={user.id} token={token} defaultOpen={defaultOpen} />;
}

function SignedInBell({ userId, token, defaultOpen }: { userId: string; token: string; defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  useNotificationsLive(userId, token);
  // A failed count leaves the badge hidden: the bell still opens and the list says what went wrong.
  const { data: unread = 0 } = useQuery(unreadCountQuery(userId));
  const badge = badgeText(unread);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="notification-bell" aria-label={NOTIFICATIONS_STRINGS.bellLabel(unread)}>
        <svg
          aria-hidden="true"
          focusable="false"
          width={22}
          height={22}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />
        </svg>
        {badge ? (
          <span className="notification-bell__badge" data-testid="notification-badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="notification-popover" align="end" sideOffset={8} aria-label={NOTIFICATIONS_STRINGS.title}>
          <Suspense
            fallback={
              <p className="notification-popover__state" role="status">
                {NOTIFICATIONS_STRINGS.loading}
              </p>
            }
          >
            <NotificationList userId={userId} unread={unread} onNavigate={() => setOpen(false)} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
