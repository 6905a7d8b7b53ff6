import { TargetComments } from './TargetComments';

/** The comments of an AMV (the AMV page's comments slot). */
export function AmvComments({ amvId }: { amvId: string }) {
  return <TargetComments target={{ type: 'amv', id: amvId }} />;
}

export default AmvComments;
