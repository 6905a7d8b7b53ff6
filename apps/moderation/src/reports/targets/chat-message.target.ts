import { reportTargetLink } from '@portal/contracts';
import { excerptOf, type ReportTargetHandler } from './report-target';

export const chatMessageTarget: ReportTargetHandler = {
  async snapshot(rpc, id, meta) {
    const message = await rpc.send('chat.message.get', { id }, meta);
    return { authorId: message.userId, authorUsername: message.username, excerpt: excerptOf(message.message), link: reportTargetLink.chat() };
  },
  remove: (rpc, id, meta) => rpc.send('chat.message.delete', { id }, meta),
  honoursHolds: false,
};
