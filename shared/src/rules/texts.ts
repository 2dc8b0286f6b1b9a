/** Texts of spec §8 that more than one area shows. */
export const commonTexts = {
  somethingWentWrong: 'Something went wrong',
  unknownError: 'An unknown error occurred',
  noIntegrations: "You don't have any integrations!",
} as const;
