import { ApiError } from '../client/api-error';
import {
  heyReachListCreatedResult,
  heyReachListCreateFailure,
  heyReachListNameProblem,
} from './heyreach-list';

const error = (detail: string) => ({ severity: 'error', summary: 'Error', detail, life: 3000 });

describe('a new HeyReach list (spec §5, §8)', () => {
  it('needs a non-blank name', () => {
    expect(heyReachListNameProblem('  ')).toEqual({
      field: 'listName',
      message: 'Please enter a list name',
    });
    expect(heyReachListNameProblem('Blocked leads')).toBeNull();
  });

  it('answers the new id, or HeyReach\'s error text, or "Failed to create list"', () => {
    expect(heyReachListCreatedResult({ success: true, listId: 5002, error: null })).toEqual({
      id: 5002,
    });
    expect(
      heyReachListCreatedResult({
        success: false,
        listId: null,
        error: 'List name already exists',
      }),
    ).toEqual({ failure: error('List name already exists') });
    expect(heyReachListCreatedResult({ success: false, listId: null, error: null })).toEqual({
      failure: error('Failed to create list'),
    });
    expect(heyReachListCreatedResult({ success: true, listId: null, error: ' ' })).toEqual({
      failure: error('Failed to create list'),
    });
  });

  it('a failed call shows the server\'s text, else "Failed to create list: " and the reason; nothing for a 401', () => {
    expect(heyReachListCreateFailure(new ApiError(400, 'HeyReach refused the API key'))).toEqual(
      error('HeyReach refused the API key'),
    );
    expect(heyReachListCreateFailure(new ApiError(0, 'Failed to fetch'))).toEqual(
      error('Failed to create list: Failed to fetch'),
    );
    expect(heyReachListCreateFailure(new TypeError('Network down'))).toEqual(
      error('Failed to create list: Network down'),
    );
    expect(heyReachListCreateFailure(new ApiError(401, 'Unauthorized'))).toBeNull();
  });
});
