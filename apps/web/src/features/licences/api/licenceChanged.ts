import type { QueryClient } from '@tanstack/react-query';
import type { Licence } from '@market/contracts';
import { licenceQueryKeys } from '../queryKeys';

/** Every licence call answers the licence as it now is: shown at once, and the lists refreshed. */
export function licenceChanged(queryClient: QueryClient, licence: Licence) {
  queryClient.setQueryData(licenceQueryKeys.byCode(licence.purchaseCode), licence);
  void queryClient.invalidateQueries({ queryKey: licenceQueryKeys.mine });
}
