import type { JwtService } from '@nestjs/jwt';
import { isbot } from 'isbot';
import type { Socket } from 'socket.io';
import type { AuthenticatedUser, GeneralSocketAuth, PresenceVisitor } from '@portal/contracts';

const CLIENT_ID = /^[\w-]{8,64}$/;

/** The signed-in user of a socket, from the token in its handshake; none when absent or invalid. */
export async function socketUser(socket: Socket, jwt: JwtService): Promise<AuthenticatedUser | null> {
  const token = (socket.handshake.auth as GeneralSocketAuth | undefined)?.token;
  if (typeof token !== 'string' || token === '') return null;
  try {
    const claims = await jwt.verifyAsync<{ sub: string; username: string }>(token);
    return { id: claims.sub, username: claims.username };
  } catch {
    return null;
  }
}

/**
 * Who a general connection is, for the counts: a user only by a valid token (a claimed username
 * proves nothing), a bot by its user agent, otherwise a guest known by its browser's client id.
 */
export function visitorOf(socket: Socket, user: AuthenticatedUser | null): PresenceVisitor {
  if (user) return { kind: 'user', key: user.id, username: user.username };
  const clientId = (socket.handshake.auth as GeneralSocketAuth | undefined)?.clientId;
  const key = typeof clientId === 'string' && CLIENT_ID.test(clientId) ? clientId : socket.id;
  return { kind: isbot(socket.handshake.headers['user-agent'] ?? '') ? 'bot' : 'guest', key, username: null };
}
