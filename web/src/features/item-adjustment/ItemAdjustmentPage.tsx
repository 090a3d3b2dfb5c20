import './itemAdjustment.css';
import { SessionScreen } from '../../shared/SessionScreen';
import { ItemAdjustment } from './ItemAdjustment';

/** Route module of Item Adjustment (loaded lazily by the router). */
export function Component() {
  return <SessionScreen screen={ItemAdjustment} />;
}
