export interface FakeVkIdOptions {
  /** The address VK ID sends the browser back to (VK_REDIRECT_URL); any other is refused. */
  redirectUrl: string;
  clientId?: string;
}

export interface FakeVkProfile {
  user_id: string | number;
  first_name: string;
  last_name: string;
  avatar?: string;
  email?: string;
}

export interface FakeVkId {
  url: string;
  clientId: string;
  /** Whom /authorize signs in (null: the user cancels, access_denied). */
  signInAs(profile: FakeVkProfile | null): void;
  requests: Array<{ method: string | undefined; path: string; at: number }>;
  close(): Promise<void>;
}

export function startFakeVkId(options: FakeVkIdOptions): Promise<FakeVkId>;
