import { renderStandalone } from 'shared/ui';
import { App } from './app/App';

renderStandalone(App, process.env.API_URL ?? 'http://localhost:8080');
