import type { Provider } from '@nestjs/common';
import { ProfileActivityMessageController } from './profile-activity.message-controller';
import { ProfileActivityService } from './services/profile-activity.service';

/**
 * A profile's comments and reviews, registered by the community module in one line each. They read
 * through the comments' and the reviews' readers and the module's `AccountDirectory`.
 */
export const PROFILE_ACTIVITY_CONTROLLERS = [ProfileActivityMessageController];

export const PROFILE_ACTIVITY_PROVIDERS: Provider[] = [ProfileActivityService];
