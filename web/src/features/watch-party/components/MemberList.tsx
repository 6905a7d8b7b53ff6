import type { WatchPartyMember } from '@portal/contracts';
import { Avatar } from '../../../shared/ui/Avatar';
import { UserName } from '../../../shared/ui/UserName';
import { WATCH_PARTY_STRINGS as S } from '../strings';

/** Members in join order: the host badge, "you", and whether each one is in the room right now. */
export function MemberList({ members, myUserId }: { members: WatchPartyMember[]; myUserId: string | null }) {
  return (
    <section className="card watch-party__members" aria-labelledby="watch-party-members">
      <h2 id="watch-party-members" className="watch-party__section-title">
        {S.membersCount(members.length)}
      </h2>
      <ul className="watch-party__member-list">
        {members.map((member) => (
          <li key={member.userId} className={`watch-party__member${member.connected ? '' : ' watch-party__member--offline'}`} data-user-id={member.userId}>
            <Avatar src={member.avatar} alt="" sizePx={28} />
            <span className="watch-party__member-name">
              <UserName name={member.username} />
              {member.userId === myUserId ? ` (${S.you})` : ''}
            </span>
            {member.isHost ? <span className="watch-party__badge">{S.hostBadge}</span> : null}
            <span className="watch-party__presence">{member.connected ? S.online : S.offline}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
