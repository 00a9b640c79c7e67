import { useState } from 'react';
import { ADMIN_METERS_SHOWN_PER_LOCATION } from '@/config/constants';

/** How many meters each location shows (by its id): a location of 50 meters shows a handful first. */
export function useShownMeters() {
  const [shown, setShown] = useState<Record<number, number>>({});
  return {
    shownOf: (gatewayId: number) => shown[gatewayId] ?? ADMIN_METERS_SHOWN_PER_LOCATION,
    show: (gatewayId: number, count: number) => setShown({ ...shown, [gatewayId]: count }),
  };
}
