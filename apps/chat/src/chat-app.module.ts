import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ChatEnv } from '@portal/config';
import { RoleLookup, RoleLookupFromAuth, ServicePlatformModule, ServiceRpcModule } from '@portal/platform';
import { ChatMessagesMessageController } from './messages/chat-messages.message-controller';
import { NewcomerListener } from './messages/listeners/newcomer.listener';
import { MessagesRepository } from './messages/messages.repository';
import { CHAT_RATE_LIMIT, ChatMessagesService } from './messages/services/chat-messages.service';
import { CHAT_MIGRATIONS } from './migrations';
import { ChatPusher } from './realtime/chat-pusher';
import { PresenceMessageController } from './presence/presence.message-controller';
import { PRESENCE_SETTINGS, PresenceRepository, type PresenceSettings } from './presence/presence.repository';
import { PresenceService } from './presence/services/presence.service';
import { RoomStore, WATCH_PARTY_SETTINGS, type WatchPartySettings } from './watch-party/room-store.repository';
import { WatchPartyService } from './watch-party/services/watch-party.service';
import { WatchPartyMessageController } from './watch-party/watch-party.message-controller';
import { WatchPartyTitles } from './watch-party/watch-party-titles';
import { WatchPartyPusher } from './watch-party/watch-party-pusher';

@Module({})
export class ChatAppModule {
  static forRoot(config: ChatEnv, logger: Logger): DynamicModule {
    const presence: PresenceSettings = {
      keyPrefix: config.REDIS_KEY_PREFIX,
      heartbeatMs: config.PRESENCE_HEARTBEAT_MS,
      ttlSeconds: config.PRESENCE_TTL_SECONDS,
    };
    const watchParty: WatchPartySettings = {
      keyPrefix: config.REDIS_KEY_PREFIX,
      hostGraceMs: config.WATCH_PARTY_HOST_GRACE_MS,
      roomTtlSeconds: config.WATCH_PARTY_ROOM_TTL_SECONDS,
    };
    return {
      module: ChatAppModule,
      imports: [ServicePlatformModule.forService({ service: 'chat', config, logger, migrations: CHAT_MIGRATIONS }), ServiceRpcModule.forService(config)],
      controllers: [ChatMessagesMessageController, PresenceMessageController, WatchPartyMessageController],
      providers: [
        { provide: RoleLookup, useClass: RoleLookupFromAuth },
        { provide: CHAT_RATE_LIMIT, useValue: { messages: config.CHAT_RATE_LIMIT_MESSAGES, perSeconds: config.CHAT_RATE_LIMIT_SECONDS } },
        MessagesRepository,
        ChatPusher,
        ChatMessagesService,
        NewcomerListener,
        { provide: PRESENCE_SETTINGS, useValue: presence },
        PresenceRepository,
        PresenceService,
        { provide: WATCH_PARTY_SETTINGS, useValue: watchParty },
        RoomStore,
        WatchPartyPusher,
        WatchPartyService,
        WatchPartyTitles,
      ],
    };
  }
}
