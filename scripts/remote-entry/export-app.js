// What the shell loads as `<remote>/App`: the remote's routes inside the providers built from the
// host contract, through the bridge (React 19 entry).
import { createBridgeComponent } from '@module-federation/bridge-react/v19';
import { createRemote } from 'shared/ui';
import { App } from 'crm-sync-remote-app';

export default createBridgeComponent({ rootComponent: createRemote(App) });
