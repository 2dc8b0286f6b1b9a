export const planTime = (options) => options.now ?? new Date().toISOString();
//# sourceMappingURL=settings.js.map