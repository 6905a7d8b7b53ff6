import { useId, type ReactNode } from 'react';
import { useSession } from '../../../shared/session/session-context';
import { Spinner } from '../../../shared/ui/Spinner';
import { SETTINGS_STRINGS } from '../strings';
import { DisplayNameForm } from './DisplayNameForm';
import { ListTransfer } from './ListTransfer';
import { MediaUploadField } from './MediaUploadField';
import { PlaybackPreferences } from './PlaybackPreferences';
import { TelegramNotices } from './TelegramNotices';
import '../settings.css';

const S = SETTINGS_STRINGS;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card settings-section" aria-labelledby={id}>
      <h2 id={id} className="settings-section__title">
        {title}
      </h2>
      {hint ? <p className="settings-section__hint">{hint}</p> : null}
      {children}
    </section>
  );
}

/** /settings: display name, avatar and banner, player preferences, list import and export. */
export default function SettingsPage() {
  const { user } = useSession();
  // The route sits behind the access guard; the user is there by the time this renders.
  if (!user) {
    return (
      <div className="page state-panel">
        <Spinner label={S.loading} />
      </div>
    );
  }
  return (
    <div className="page settings-page">
      <h1 className="settings-page__title">{S.title}</h1>
      <p className="settings-page__intro">{S.intro}</p>
      <Section title={S.profile.title}>
        {/* Keyed by the saved name: a name saved elsewhere (another tab) resets the draft. */}
        <DisplayNameForm key={user.displayName} user={user} />
      </Section>
      <Section title={S.media.title} hint={S.media.hint}>
        <div className="settings-media">
          <MediaUploadField kind="avatar" user={user} />
          <MediaUploadField kind="banner" user={user} />
        </div>
      </Section>
      {user.telegramUserId ? (
        <Section title={S.telegram.title} hint={S.telegram.hint}>
          <TelegramNotices user={user} />
        </Section>
      ) : null}
      <Section title={S.playback.title}>
        <PlaybackPreferences user={user} />
      </Section>
      <Section title={S.lists.title}>
        <ListTransfer />
      </Section>
    </div>
  );
}
