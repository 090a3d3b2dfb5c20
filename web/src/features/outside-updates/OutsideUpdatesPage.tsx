import './outsideUpdates.css';
import { SessionScreen } from '../../shared/SessionScreen';
import { OutsideUpdates } from './OutsideUpdates';

/** Route module of Outside Updates (loaded lazily by the router). */
export function Component() {
  return <SessionScreen screen={OutsideUpdates} />;
}
