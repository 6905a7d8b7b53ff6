import { OPEN_CHAT_EVENT } from '../config/constants';

export interface OpenChatDetail {
  source: 'bottom-bar' | 'header' | 'other';
}

export function dispatchOpenChat(source: OpenChatDetail['source']): void {
  window.dispatchEvent(new CustomEvent<OpenChatDetail>(OPEN_CHAT_EVENT, { detail: { source } }));
}

export function onOpenChat(listener: (detail: OpenChatDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<OpenChatDetail>).detail);
  window.addEventListener(OPEN_CHAT_EVENT, handler);
  return () => window.removeEventListener(OPEN_CHAT_EVENT, handler);
}
