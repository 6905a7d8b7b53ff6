import { useState } from 'react';
import { WATCH_PARTY_DEFAULT_TRACKS, type Episode } from '@portal/contracts';
import { Spinner } from '../../../shared/ui/Spinner';
import { offersTrackChoice } from '../../../shared/video/track-engine';
import { usePartyTracks } from '../hooks/usePartyTracks';
import type { PartyConnection } from '../hooks/useWatchPartyConnection';
import type { VideoSourceHook } from '../lib/video-source';
import { WATCH_PARTY_STRINGS as S } from '../strings';
import { CopyLinkButton } from './CopyLinkButton';
import { MemberList } from './MemberList';
import { PartyTrackMenu } from './PartyTrackMenu';
import { PartyVideo } from './PartyVideo';
import { PlayingTracks } from './PlayingTracks';
import { SyncIndicator, type SyncStatus } from './SyncIndicator';
import { RoomChat } from './RoomChat';

export interface WatchPartyRoomViewProps {
  connection: PartyConnection;
  myUserId: string | null;
  /** The title's name, once loaded. */
  title: string | null;
  /** The title's episodes, for the host's episode switch; null while unknown. */
  episodes: Episode[] | null;
  useVideoSource: VideoSourceHook;
}

/** A joined room: video, who controls it, sync state, the voice-over and subtitles, members and chat. */
export function WatchPartyRoomView({ connection, myUserId, title, episodes, useVideoSource }: WatchPartyRoomViewProps) {
  const { room, status } = connection;
  const [sync, setSync] = useState<SyncStatus>({ kind: 'in-sync' });
  const isHost = room !== null && room.hostUserId !== null && room.hostUserId === myUserId;
  const tracks = usePartyTracks(room?.animeId ?? 0, room?.tracks ?? WATCH_PARTY_DEFAULT_TRACKS, isHost, connection.send);
  if (!room) return <Spinner label={S.connecting} />;

  const host = room.members.find((member) => member.isHost) ?? null;
  const episode = episodes?.find((candidate) => candidate.number === room.episode) ?? null;
  const url = episode?.source.kind === 'hls' ? episode.source.url : null;
  const hostAway = host !== null && !host.connected && room.hostGraceUntil !== null;

  return (
    <div className="watch-party">
      <header className="watch-party__header">
        <div>
          <h1 className="watch-party__title">
            {S.title}
            {title ? `: ${title}` : ''}
          </h1>
          <p className="watch-party__episode">{S.episode(room.episode)}</p>
        </div>
        <CopyLinkButton roomId={room.roomId} />
      </header>
      {status === 'reconnecting' ? (
        <p className="watch-party__banner" role="status">
          {S.reconnecting}
        </p>
      ) : null}
      <div className="watch-party__layout">
        <div className="watch-party__main">
          {episodes !== null && !url ? (
            <p className="watch-party__notice">{S.noVideo}</p>
          ) : (
            <PartyVideo
              key={url ?? 'none'}
              room={room}
              isHost={isHost}
              url={url}
              serverNow={connection.serverNow}
              send={connection.send}
              useVideoSource={useVideoSource}
              loadHls={tracks.loadHls}
              onSyncStatus={setSync}
            />
          )}
          <div className="watch-party__control-line">
            {isHost ? (
              <p className="watch-party__note watch-party__note--host">{S.youAreHost}</p>
            ) : (
              <p className="watch-party__note" data-testid="watch-party-lock">
                {host ? S.lockedNote(host.username) : S.noHost}
              </p>
            )}
            {!isHost ? <SyncIndicator status={sync} /> : null}
            {!isHost ? (
              <PlayingTracks
                audio={tracks.audio.find((option) => option.index === tracks.audioTrack)?.name ?? null}
                subtitles={tracks.subtitles.find((option) => option.index === tracks.subtitleTrack)?.name ?? null}
                hasSubtitles={tracks.subtitles.length > 0}
              />
            ) : null}
            {isHost && episodes && episodes.length > 1 ? (
              <label className="watch-party__episode-select">
                {S.episodeSelect}{' '}
                <select className="field__input" value={room.episode} onChange={(event) => connection.send('episode', { episode: Number(event.target.value) })}>
                  {episodes.map((candidate) => (
                    <option key={candidate.number} value={candidate.number}>
                      {candidate.title ? `${candidate.number}. ${candidate.title}` : S.episode(candidate.number)}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {isHost && offersTrackChoice(tracks) ? (
              <PartyTrackMenu
                audio={tracks.audio}
                subtitles={tracks.subtitles}
                audioTrack={tracks.audioTrack}
                subtitleTrack={tracks.subtitleTrack}
                onAudio={tracks.chooseAudio}
                onSubtitles={tracks.chooseSubtitles}
              />
            ) : null}
          </div>
          {hostAway && host ? (
            <p className="watch-party__notice" role="status">
              {S.hostAway(host.username)}
            </p>
          ) : null}
        </div>
        <aside className="watch-party__side">
          <MemberList members={room.members} myUserId={myUserId} />
          <RoomChat
            messages={connection.chat}
            error={connection.chatError}
            disabled={status !== 'connected'}
            onSend={(text) => connection.send('chat', { text })}
          />
        </aside>
      </div>
    </div>
  );
}
