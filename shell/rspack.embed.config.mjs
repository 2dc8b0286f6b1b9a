import { embedConfig } from '../scripts/rspack-app.mjs';

export default embedConfig({ dir: import.meta.dirname });
