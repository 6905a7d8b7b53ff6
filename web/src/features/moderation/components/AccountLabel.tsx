import { Link } from 'react-router-dom';

const SHORT_ID_LENGTH = 8;

/**
 * An account named in an admin table: its nickname as it is now, linked to the profile; the start of
 * its id when the account is gone or auth did not answer. The full id is the title; `none` stands in
 * where there is no account (a system entry).
 */
export function AccountLabel({ id, name, none = '' }: { id: string | null; name: string | null; none?: string }) {
  if (!id) return <span className="muted">{none}</span>;
  if (name) {
    return (
      <Link to={`/user/${encodeURIComponent(name)}`} title={id}>
        {name}
      </Link>
    );
  }
  return <span title={id}>{id.slice(0, SHORT_ID_LENGTH)}</span>;
}
