/** Payloads of the general socket (SPEC.md sections 3 and 7). */
export interface OnlineStats {
  usersOnline: number;
  guestsOnline: number;
  botsOnline: number;
  usernames: string[];
}

export interface GeneralServerToClientEvents {
  'online-stats': (stats: OnlineStats) => void;
}

export interface GeneralClientToServerEvents {
  'set-username': (username: string | null) => void;
}
