// What the shell loads as `<remote>/App`: the remote's routes inside the providers built from the
// host contract, through the bridge (React 19 entry), and the host contract range it needs.
import { createBridgeComponent } from '@module-federation/bridge-react/v19';
import { HOST_CONTRACT_RANGE } from 'shared/host';
import { createRemote } from 'shared/ui';
import { App } from 'crm-sync-remote-app';

export default createBridgeComponent({ rootComponent: createRemote(App) });

/** The host contract this build was made against: the shell refuses to render it with an older one. */
export const hostContractRange = HOST_CONTRACT_RANGE;
