import { PointsPanel } from './PointsPanel';
import { RouletteScreen } from './RouletteScreen';

/** The own profile's «Рулетка» tab: the roulette, then the points with their history. Nothing on another's profile. */
export default function ProfileRoulette({ own }: { username: string; own: boolean }) {
  if (!own) return null;
  return (
    <div className="rewards-section">
      <RouletteScreen />
      <PointsPanel />
    </div>
  );
}
