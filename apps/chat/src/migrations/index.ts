import { CreateChat1763942400000 } from './1763942400000-create-chat';

/** Every migration of the chat schema, in order: the service at boot and its cli/migrate run these. */
export const CHAT_MIGRATIONS: Function[] = [CreateChat1763942400000];
