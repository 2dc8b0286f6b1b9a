module.exports = require('../jest.preset.cjs').jsdomProject(__dirname);
