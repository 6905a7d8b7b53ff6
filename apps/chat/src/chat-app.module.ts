import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ChatEnv } from '@portal/config';
import { ServicePlatformModule } from '@portal/platform';
import { ChatMessagesMessageController } from './messages/chat-messages.message-controller';
import { NewcomerListener } from './messages/listeners/newcomer.listener';
import { MessagesRepository } from './messages/messages.repository';
import { CHAT_RATE_LIMIT, ChatMessagesService } from './messages/services/chat-messages.service';
import { CHAT_MIGRATIONS } from './migrations';
import { ChatPusher } from './realtime/chat-pusher';

@Module({})
export class ChatAppModule {
  static forRoot(config: ChatEnv, logger: Logger): DynamicModule {
    return {
      module: ChatAppModule,
      imports: [ServicePlatformModule.forService({ service: 'chat', config, logger, migrations: CHAT_MIGRATIONS })],
      controllers: [ChatMessagesMessageController],
      providers: [
        { provide: CHAT_RATE_LIMIT, useValue: { messages: config.CHAT_RATE_LIMIT_MESSAGES, perSeconds: config.CHAT_RATE_LIMIT_SECONDS } },
        MessagesRepository,
        ChatPusher,
        ChatMessagesService,
        NewcomerListener,
      ],
    };
  }
}
