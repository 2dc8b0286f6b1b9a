import { within } from '@testing-library/react';

/** The text of each cell of a table row, as a person reads it. */
export const cellTexts = (row: HTMLElement): Array<string | null> =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** The labels of a row's buttons (its actions). */
export const buttonTexts = (row: HTMLElement): Array<string | null> =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);
