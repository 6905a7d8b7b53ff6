import { AchievementsList } from './AchievementsList';

/** The profile's «Достижения» tab: the user's achievements with their dates. */
export default function ProfileAchievements({ username, own }: { username: string; own: boolean }) {
  return <AchievementsList owner={own ? null : username} own={own} />;
}
