import { reportTargetLink } from '@portal/contracts';
import { excerptOf, type ReportTargetHandler } from './report-target';

/** An AMV is added by admins and names its maker as text: it has no author account. */
export const amvTarget: ReportTargetHandler = {
  async snapshot(rpc, id, meta) {
    const amv = await rpc.send('community.amv.get', { id }, meta);
    return { authorId: null, authorUsername: null, excerpt: excerptOf(`${amv.title} — ${amv.author}`), link: reportTargetLink.amv(amv.id) };
  },
  remove: (rpc, id, meta) => rpc.send('community.amv.delete', { id }, meta),
  honoursHolds: false,
};
