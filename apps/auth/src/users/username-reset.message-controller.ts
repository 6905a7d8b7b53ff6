import { Controller } from '@nestjs/common';
import { SESSION_OPERATIONS } from '@portal/contracts/operations';
import { HandlesOperation, Input } from '@portal/platform';
import { UsernameResetService } from './services/username-reset.service';

@Controller()
export class UsernameResetMessageController {
  constructor(private readonly resets: UsernameResetService) {}

  @HandlesOperation(SESSION_OPERATIONS.resetUsername)
  reset(@Input() { userId }: { userId: string }) {
    return this.resets.reset(userId);
  }
}
