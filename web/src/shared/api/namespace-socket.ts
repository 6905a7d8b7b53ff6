/**
 * Opens a socket.io namespace the way every feature's socket does: websocket only, the token as auth
 * when there is one, reconnecting without limit (1 s, up to 5 s apart). socket.io-client is imported
 * lazily so it stays out of the entry chunk; the caller narrows the socket to the events it uses.
 */
export async function openNamespaceSocket<S>(namespace: string, token?: string): Promise<S> {
  const { io } = await import('socket.io-client');
  return io(namespace, {
    path: '/socket.io/',
    transports: ['websocket'],
    ...(token !== undefined && { auth: { token } }),
    forceNew: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20_000,
  }) as unknown as S;
}
