import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { ChatMessagesService } from '../services/chat-messages.service';

/** Greets a new account with a system message (stored and pushed; clients hide system messages). */
@Injectable()
export class NewcomerListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly chat: ChatMessagesService,
  ) {}

  onModuleInit() {
    this.consumer.on('auth.user.registered', ({ username }, manager) => this.chat.storeSystemMessage(`Новый участник: ${username}`, manager));
  }
}
