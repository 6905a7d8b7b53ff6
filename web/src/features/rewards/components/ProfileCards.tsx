import { CardCollectionView } from './CardCollectionView';

/** The profile's «Карточки» tab (composed by the app into the profile page): the own collection or another's, read-only. */
export default function ProfileCards({ username, own }: { username: string; own: boolean }) {
  return <CardCollectionView owner={own ? null : username} own={own} />;
}
