import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** spec §9: the primary colour comes from the neutral surface palette, with white contrast text. */
const config = defineConfig({
  globalCss: { body: { bg: 'gray.50' } },
  theme: {
    semanticTokens: {
      colors: {
        primary: {
          solid: { value: '{colors.gray.800}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.gray.800}' },
          muted: { value: '{colors.gray.100}' },
          subtle: { value: '{colors.gray.200}' },
          emphasized: { value: '{colors.gray.300}' },
          focusRing: { value: '{colors.gray.800}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
