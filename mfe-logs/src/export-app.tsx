import { createBridgeComponent } from '@module-federation/bridge-react/v19';
import type { RemoteAppProps } from 'shared/host';
import { RemoteProviders } from 'shared/ui';
import { App } from './app/App';

/** What the shell renders through the bridge: the remote's screens around the host contract. */
function BridgedApp(props: RemoteAppProps) {
  return (
    <RemoteProviders {...props}>
      <App />
    </RemoteProviders>
  );
}

export default createBridgeComponent({ rootComponent: BridgedApp });
