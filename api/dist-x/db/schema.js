export const toFlag = (value) => (value ? 1 : 0);
export const fromFlag = (value) => value === 1;
//# sourceMappingURL=schema.js.map