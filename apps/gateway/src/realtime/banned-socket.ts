import { ErrorCode } from '@portal/contracts';
import { RemoteServiceError } from '@portal/messaging';
import type { SanctionLookup } from '@portal/messaging';

/**
 * The connection error a fully banned user's socket gets (its `data` carries the code and the
 * sanction, as the HTTP envelope does); null when the user may connect.
 */
export async function bannedSocketError(sanctions: SanctionLookup, userId: string): Promise<Error | null> {
  try {
    await sanctions.assertNotBanned(userId);
    return null;
  } catch (error) {
    if (!(error instanceof RemoteServiceError)) throw error;
    return Object.assign(new Error(error.payload.message), { data: { code: ErrorCode.UserBanned, sanction: error.payload.sanction } });
  }
}
