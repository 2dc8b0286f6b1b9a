import { apiKeyRoutes } from './keys.js';
import { leadCategoryRoutes } from './lead-categories.js';
/** spec §7 "API keys": the keys and their lead categories. */
export const apiKeysRoutes = async (app) => {
    await app.register(apiKeyRoutes);
    await app.register(leadCategoryRoutes);
};
//# sourceMappingURL=index.js.map